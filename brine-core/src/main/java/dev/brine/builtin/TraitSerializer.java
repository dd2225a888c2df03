package dev.brine.builtin;

import dev.brine.registry.PayloadTraits;
import dev.brine.serializer.Serializer;

/** A built-in serializer that states its {@link PayloadTraits}, so an anonymous class can implement both. */
interface TraitSerializer<T> extends Serializer<T>, PayloadTraits {}
