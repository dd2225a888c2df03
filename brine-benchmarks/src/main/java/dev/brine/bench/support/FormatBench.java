package dev.brine.bench.support;

import com.dslplatform.json.DslJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brine.json.JsonMapper;
import dev.brine.protobuf.ProtoMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The workloads written in other formats from the same classes: Brine's {@link ProtoMapper}
 * ({@code brineproto}, against the subclass's protobuf-java {@code protobuf} peer, which must
 * produce the same bytes), and Brine's {@link JsonMapper} ({@code brinejson}) against Jackson databind with
 * its Blackbird module ({@code jacksonbb}; {@code jacksonfast} adds jackson-core's fast double writer and
 * parser) and DSL-JSON ({@code dsljson}) — MediaContent, SimpleObject,
 * LargerMessage and Struct.
 */
@State(Scope.Benchmark)
public abstract class FormatBench extends CodecBench {
  /** Brine's protobuf mapper. */
  protected ProtoMapper proto;
  /** Its payload. */
  protected byte[] brineprotoBytes;

  /** Brine's JSON mapper. */
  protected JsonMapper json;
  /** Its payload. */
  protected byte[] brinejsonBytes;
  /** Jackson databind with Blackbird. */
  protected ObjectMapper jacksonBlackbird;
  /** Its payload. */
  protected byte[] jacksonbbBytes;
  /** Jackson databind with Blackbird and the fast double writer and parser. */
  protected ObjectMapper jacksonFast;
  /** Its payload. */
  protected byte[] jacksonfastBytes;
  /** DSL-JSON (runtime analysis). */
  protected DslJson<Object> dsl;
  /** Its payload. */
  protected byte[] dsljsonBytes;
  private final ByteArrayOutputStream dslOut = new ByteArrayOutputStream(1024);

  @Override
  protected void addFormatCodecs(Map<String, Codec> out, String only) {
    if (only == null || only.equals("brineproto")) {
      proto = Libraries.proto(userClasses());
      out.put("brineproto", Codec.of(v -> proto.toBytes(v), b -> proto.fromBytes(b, type)));
    }
    if (only == null || only.equals("brinejson")) {
      json = Libraries.brineJson(userClasses());
      out.put("brinejson", Codec.of(v -> json.toJsonBytes(v), b -> json.fromJson(b, type)));
    }
    if (only == null || only.equals("jacksonbb")) {
      jacksonBlackbird = Libraries.jacksonBlackbird();
      out.put("jacksonbb", Codec.of(v -> jacksonBlackbird.writeValueAsBytes(v), b -> jacksonBlackbird.readValue(b, type)));
    }
    if (only == null || only.equals("jacksonfast")) {
      jacksonFast = Libraries.jacksonBlackbirdFastDoubles();
      out.put("jacksonfast", Codec.of(v -> jacksonFast.writeValueAsBytes(v), b -> jacksonFast.readValue(b, type)));
    }
    if (only == null || only.equals("dsljson")) {
      dsl = Libraries.dslJson();
      out.put("dsljson", Codec.of(v -> serialize_dsljson(), b -> dsl.deserialize(type, b, b.length)));
    }
  }

  @Override
  protected void formatPayloadsReady() {
    brineprotoBytes = payload("brineproto");
    brinejsonBytes = payload("brinejson");
    jacksonbbBytes = payload("jacksonbb");
    jacksonfastBytes = payload("jacksonfast");
    dsljsonBytes = payload("dsljson");
  }

  /**
   * Brine's JSON mapper, serialize to UTF-8 bytes.
   *
   * @return payload
   */
  @Benchmark
  public byte[] serialize_brinejson() {
    return json.toJsonBytes(value);
  }

  /**
   * Brine's JSON mapper, deserialize from UTF-8 bytes.
   *
   * @return object
   */
  @Benchmark
  public Object deserialize_brinejson() {
    return json.fromJson(brinejsonBytes, type);
  }

  /**
   * Jackson databind with Blackbird, serialize.
   *
   * @return payload
   * @throws Exception never in practice
   */
  @Benchmark
  public byte[] serialize_jacksonbb() throws Exception {
    return jacksonBlackbird.writeValueAsBytes(value);
  }

  /**
   * Jackson databind with Blackbird, deserialize.
   *
   * @return object
   * @throws Exception never in practice
   */
  @Benchmark
  public Object deserialize_jacksonbb() throws Exception {
    return jacksonBlackbird.readValue(jacksonbbBytes, type);
  }

  /**
   * Jackson databind with Blackbird and fast doubles, serialize.
   *
   * @return payload
   * @throws Exception never in practice
   */
  @Benchmark
  public byte[] serialize_jacksonfast() throws Exception {
    return jacksonFast.writeValueAsBytes(value);
  }

  /**
   * Jackson databind with Blackbird and fast doubles, deserialize.
   *
   * @return object
   * @throws Exception never in practice
   */
  @Benchmark
  public Object deserialize_jacksonfast() throws Exception {
    return jacksonFast.readValue(jacksonfastBytes, type);
  }

  /**
   * DSL-JSON, serialize (into a reused stream, copied out).
   *
   * @return payload
   * @throws IOException never in practice
   */
  @Benchmark
  public byte[] serialize_dsljson() throws IOException {
    dslOut.reset();
    dsl.serialize(value, dslOut);
    return dslOut.toByteArray();
  }

  /**
   * DSL-JSON, deserialize.
   *
   * @return object
   * @throws IOException never in practice
   */
  @Benchmark
  public Object deserialize_dsljson() throws IOException {
    return dsl.deserialize(type, dsljsonBytes, dsljsonBytes.length);
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
