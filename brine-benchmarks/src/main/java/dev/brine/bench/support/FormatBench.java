package dev.brine.bench.support;

import dev.brine.protobuf.ProtoMapper;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The workloads written in other formats from the same classes: Brine's {@link ProtoMapper}
 * ({@code brineproto}, against the subclass's protobuf-java {@code protobuf} peer, which must
 * produce the same bytes) — MediaContent, SimpleObject, LargerMessage and Struct.
 */
@State(Scope.Benchmark)
public abstract class FormatBench extends CodecBench {
  /** Brine's protobuf mapper. */
  protected ProtoMapper proto;
  /** Its payload. */
  protected byte[] brineprotoBytes;

  @Override
  protected void addFormatCodecs(Map<String, Codec> out, String only) {
    if (only == null || only.equals("brineproto")) {
      proto = Libraries.proto(userClasses());
      out.put("brineproto", Codec.of(v -> proto.toBytes(v), b -> proto.fromBytes(b, type)));
    }
  }

  @Override
  protected void formatPayloadsReady() {
    brineprotoBytes = payload("brineproto");
  }

  /**
   * Brine's protobuf mapper, serialize (the same bytes as {@code serialize_protobuf}).
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_brineproto() {
    return proto.toBytes(value);
  }

  /**
   * Brine's protobuf mapper, deserialize.
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_brineproto() {
    return proto.fromBytes(brineprotoBytes, type);
  }
}
