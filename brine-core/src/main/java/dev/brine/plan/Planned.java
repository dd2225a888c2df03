package dev.brine.plan;

/**
 * Marks a serializer that writes a class field by field from its {@link ClassPlan} (generated or
 * interpreted), as opposed to a built-in, an extension module's or a user's own serializer.
 */
public interface Planned {}
