package dev.brine.bench.support;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.brine.Brine;
import dev.brine.protobuf.ProtoMapper;
import java.util.List;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;

/**
 * Builds every library in the configuration the benchmarks use. One place, so the configurations are easy to
 * review: each peer gets its fastest documented setup for same-schema Java-to-Java use.
 */
public final class Libraries {
  private Libraries() {
  }

  /**
   * Brine in its default configuration, classes registered in order (ids are stable).
   *
   * @param classes user classes to register
   * @return the instance
   */
  public static Brine brine(List<Class<?>> classes) {
    return Brine.builder().register(classes.toArray(new Class<?>[0])).build();
  }

  /**
   * Brine with {@code compressNumbers(false)}: int and long values fixed-width (faster, more bytes).
   *
   * @param classes user classes to register
   * @return the instance
   */
  public static Brine brineFixed(List<Class<?>> classes) {
    return Brine.builder().register(classes.toArray(new Class<?>[0])).compressNumbers(false).build();
  }

  /**
   * Brine with {@code compressStrings(false)}: strings that are not Latin-1 always UTF-16, as Fory writes them
   * (faster, more bytes for mostly-ASCII text).
   *
   * @param classes user classes to register
   * @return the instance
   */
  public static Brine brineUtf16(List<Class<?>> classes) {
    return Brine.builder().register(classes.toArray(new Class<?>[0])).compressStrings(false).build();
  }

  /**
   * Fory as {@link #fory(List)} with its number compression off ({@code withNumberCompressed(false)}: int and
   * long fields fixed-width), the peer of {@link #brineFixed}.
   *
   * @param classes user classes to register
   * @return the instance (not thread-safe)
   */
  public static Fory foryFixed(List<Class<?>> classes) {
    Fory fory = Fory.builder()
        .withLanguage(Language.JAVA)
        .withCodegen(true)
        .withAsyncCompilation(false)
        .withRefTracking(false)
        .requireClassRegistration(true)
        .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT)
        .withNumberCompressed(false)
        .build();
    for (Class<?> c : classes) {
      fory.register(c);
    }
    return fory;
  }

  /**
   * Apache Fory 1.6 at its fastest: Java (not xlang) format, JIT codegen on and synchronous, no reference
   * tracking, registration required, schema-consistent mode (no field metadata on the wire).
   *
   * @param classes user classes to register
   * @return the instance (not thread-safe)
   */
  public static Fory fory(List<Class<?>> classes) {
    return fory(classes, false);
  }

  /**
   * Fory as {@link #fory(List)} but with asynchronous JIT compilation: objects are first handled by Fory's
   * interpreter while the generated serializer compiles in the background. Fory's documented setting for a fast
   * first call; used only by the cold-start benchmark.
   *
   * @param classes user classes to register
   * @return the instance (not thread-safe)
   */
  public static Fory foryAsync(List<Class<?>> classes) {
    return fory(classes, true);
  }

  /** The one Fory configuration of the suite; only the JIT compilation mode varies. */
  private static Fory fory(List<Class<?>> classes, boolean asyncCompilation) {
    Fory fory = Fory.builder()
        .withLanguage(Language.JAVA)
        .withCodegen(true)
        .withAsyncCompilation(asyncCompilation)
        .withRefTracking(false)
        .requireClassRegistration(true)
        .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT)
        .build();
    for (Class<?> c : classes) {
      fory.register(c);
    }
    return fory;
  }

  /**
   * Jackson databind reading and writing fields directly (the models are plain field classes).
   *
   * @return a mapper
   */
  public static ObjectMapper jackson() {
    return JsonMapper.builder()
        .visibility(PropertyAccessor.ALL, Visibility.NONE)
        .visibility(PropertyAccessor.FIELD, Visibility.ANY)
        .build();
  }

  /**
   * Brine's protobuf mapper for the workload's message classes (its enums come with them).
   *
   * @param classes the workload's classes
   * @return the mapper
   */
  public static ProtoMapper proto(List<Class<?>> classes) {
    return ProtoMapper.builder().register(classes.stream().filter(c -> !c.isEnum()).toArray(Class<?>[]::new)).build();
  }

  /**
   * Jackson databind with the Blackbird module (accessors through LambdaMetafactory, Jackson's fastest
   * documented set-up on JDK 11+), field access as {@link #jackson()}.
   *
   * @return the mapper
   */
  public static ObjectMapper jacksonBlackbird() {
    return JsonMapper.builder()
        .addModule(new com.fasterxml.jackson.module.blackbird.BlackbirdModule())
        .visibility(PropertyAccessor.ALL, Visibility.NONE)
        .visibility(PropertyAccessor.FIELD, Visibility.ANY)
        .build();
  }

  /**
   * {@link #jacksonBlackbird()} with jackson-core's documented fast number options on (off by
   * default): {@code StreamWriteFeature.USE_FAST_DOUBLE_WRITER} (its Schubfach writer) and {@code
   * StreamReadFeature.USE_FAST_DOUBLE_PARSER} (FastDoubleParser). A second reference next to the
   * default configuration that Brine's output is compared with.
   *
   * @return the mapper
   */
  public static ObjectMapper jacksonBlackbirdFastDoubles() {
    return JsonMapper.builder()
        .addModule(new com.fasterxml.jackson.module.blackbird.BlackbirdModule())
        .visibility(PropertyAccessor.ALL, Visibility.NONE)
        .visibility(PropertyAccessor.FIELD, Visibility.ANY)
        .enable(com.fasterxml.jackson.core.StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
        .enable(com.fasterxml.jackson.core.StreamReadFeature.USE_FAST_DOUBLE_PARSER)
        .build();
  }

  /**
   * Brine's JSON mapper for the workload's classes.
   *
   * @param classes the workload's classes
   * @return the mapper
   */
  public static dev.brine.json.JsonMapper brineJson(List<Class<?>> classes) {
    return dev.brine.json.JsonMapper.builder().register(classes.stream().filter(c -> !c.isEnum()).toArray(Class<?>[]::new))
        .build();
  }

  /**
   * DSL-JSON with runtime analysis (its reflection-based set-up; its fastest, compile-time code
   * generation, needs annotations on the classes), doubles parsed exactly (its default precision
   * changes the last bits of some doubles, so the Struct round trip failed).
   *
   * @return the instance
   */
  public static com.dslplatform.json.DslJson<Object> dslJson() {
    return new com.dslplatform.json.DslJson<>(com.dslplatform.json.runtime.Settings.withRuntime().includeServiceLoader()
        .doublePrecision(com.dslplatform.json.JsonReader.DoublePrecision.EXACT));
  }
}
