package dev.brine.protobuf.model;

import dev.brine.Field;
import dev.brine.protobuf.ProtoEncoding;
import dev.brine.protobuf.ProtoScalar;

/** Every scalar mapping, implicit presence. */
public record Scalars(
    int i, long l, float f, double d, boolean b, short s, byte by, char c,
    @ProtoEncoding(ProtoScalar.SINT32) int si, @ProtoEncoding(ProtoScalar.SINT64) long sl,
    @ProtoEncoding(ProtoScalar.FIXED32) int fx, @ProtoEncoding(ProtoScalar.SFIXED64) long sfx,
    @ProtoEncoding(ProtoScalar.UINT32) int ui, @ProtoEncoding(ProtoScalar.UINT64) long ul,
    @ProtoEncoding(ProtoScalar.SFIXED32) int sfi, @ProtoEncoding(ProtoScalar.FIXED64) long fl,
    Color color, @Field(id = 100) Status status) {}
