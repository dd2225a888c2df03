package dev.brine.spark;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.javaser.JavaStreamSerializer;
import dev.brine.registry.TypeIds;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import org.apache.spark.util.collection.CompactBuffer;
import scala.None$;
import scala.Some;
import scala.Tuple2;
import scala.Tuple3;
import scala.collection.Iterator;
import scala.collection.mutable.Builder;
import scala.reflect.ClassTag$;

/**
 * The Scala and Spark classes {@link BrineSerializer} registers by default, each under a fixed id in
 * the spark module range 8224–8287 so user registrations keep their ids. Scala collections get
 * element-wise serializers (a {@code List} of a million elements is written as a count and the
 * elements, not as a chain a million objects deep), and the singletons {@code None} and {@code Nil}
 * come back as themselves.
 *
 * <p>Bytes: None, Nil and empty collections have no payload; Some is one tagged value; Tuple2 and
 * Tuple3 are their elements as tagged values; a List, Vector, Set or CompactBuffer is {@code
 * count:varuint32} then tagged elements; a Map is {@code count:varuint32} then key and value tagged
 * values per entry; an immutable or mutable ArraySeq is its array as a tagged value. Reading checks every count against the remaining bytes before allocating.
 */
public final class SparkDefaults implements BrineRegistrator {
  /** The first id of the spark module range. */
  public static final int FIRST_ID = TypeIds.SPARK_FIRST;
  /** One past the last id of the spark module range. */
  public static final int END_ID = TypeIds.SPARK_END;

  /** Creates the default registrator (stateless). */
  public SparkDefaults() {}

  /** Registers the default classes on {@code b} under their fixed ids. */
  @Override
  public void registerClasses(Brine.Builder b) {
    b.registerWithId(FIRST_ID + 0, None$.class, new NoneSerializer());
    b.registerWithId(FIRST_ID + 1, cls(Some.class), new SomeSerializer());
    b.registerWithId(FIRST_ID + 2, cls(Tuple2.class), new Tuple2Serializer());
    b.registerWithId(FIRST_ID + 3, cls(Tuple3.class), new Tuple3Serializer());
    b.registerWithId(FIRST_ID + 4, cls(scala.collection.immutable.Nil$.class), new Singleton(scala.collection.immutable.Nil$.MODULE$));
    b.registerWithId(FIRST_ID + 5, named("scala.collection.immutable.$colon$colon"),
        new SeqSerializer("List", scala.collection.immutable.List$.MODULE$::newBuilder));
    SeqSerializer vector = new SeqSerializer("Vector", scala.collection.immutable.Vector$.MODULE$::newBuilder);
    b.registerWithId(FIRST_ID + 6, named("scala.collection.immutable.Vector0$"), vector);
    for (int i = 1; i <= 6; i++) {
      b.registerWithId(FIRST_ID + 6 + i, named("scala.collection.immutable.Vector" + i), vector);
    }
    MapSerializer map = new MapSerializer();
    b.registerWithId(FIRST_ID + 13, named("scala.collection.immutable.Map$EmptyMap$"), map);
    for (int i = 1; i <= 4; i++) {
      b.registerWithId(FIRST_ID + 13 + i, named("scala.collection.immutable.Map$Map" + i), map);
    }
    b.registerWithId(FIRST_ID + 18, named("scala.collection.immutable.HashMap"), map);
    SeqSerializer set = new SeqSerializer("Set", scala.collection.immutable.Set$.MODULE$::newBuilder);
    b.registerWithId(FIRST_ID + 19, named("scala.collection.immutable.Set$EmptySet$"), set);
    for (int i = 1; i <= 4; i++) {
      b.registerWithId(FIRST_ID + 19 + i, named("scala.collection.immutable.Set$Set" + i), set);
    }
    b.registerWithId(FIRST_ID + 24, named("scala.collection.immutable.HashSet"), set);
    b.registerWithId(FIRST_ID + 25, cls(CompactBuffer.class), new CompactBufferSerializer());
    ArraySeqSerializer immutableSeq = new ArraySeqSerializer(false);
    ArraySeqSerializer mutableSeq = new ArraySeqSerializer(true);
    for (int i = 0; i < ARRAY_SEQ_KINDS.length; i++) {
      b.registerWithId(FIRST_ID + 26 + i, named("scala.collection.immutable.ArraySeq$of" + ARRAY_SEQ_KINDS[i]), immutableSeq);
      b.registerWithId(FIRST_ID + 35 + i, named("scala.collection.mutable.ArraySeq$of" + ARRAY_SEQ_KINDS[i]), mutableSeq);
    }
    // Spark's task results of shuffle map tasks: Externalizable, written through Java's stream
    String[] spark = {"org.apache.spark.scheduler.CompressedMapStatus",
        "org.apache.spark.scheduler.HighlyCompressedMapStatus", "org.apache.spark.storage.BlockManagerId"};
    for (int i = 0; i < spark.length; i++) {
      Class<Object> c = sparkClass(spark[i]);
      b.registerWithId(FIRST_ID + 44 + i, c, new JavaStreamSerializer(c));
    }
    // what JavaPairRDD.groupByKey hands out (and collect sends back): a java.lang.Iterable over a CompactBuffer
    b.registerWithId(FIRST_ID + 47, cls(scala.collection.convert.JavaCollectionWrappers.IterableWrapper.class),
        new IterableWrapperSerializer());
    // the ClassTags RangePartitioner (sortByKey) ships with its bounds
    b.registerWithId(FIRST_ID + 48, named("scala.reflect.ClassTag$GenericClassTag"), new ClassTagSerializer());
  }

  /** A ClassTag: its runtime class as a tagged Class value; read back through {@code ClassTag.apply}. */
  private static final class ClassTagSerializer implements Serializer<Object> {
    @Override
    public void write(WriteContext ctx, Object value) {
      ctx.writeObject(((scala.reflect.ClassTag<?>) value).runtimeClass());
    }

    @Override
    public Object read(ReadContext ctx) {
      int at = ctx.position();
      Object c = ctx.readObject();
      if (!(c instanceof Class<?> k)) {
        throw new MalformedInputException("ClassTag at offset " + at + " does not hold a class");
      }
      return scala.reflect.ClassTag$.MODULE$.apply(k);
    }
  }

  /** Scala's java.lang.Iterable view of a Scala Iterable: the wrapped Iterable as a tagged value. */
  private static final class IterableWrapperSerializer implements Serializer<Object> {
    @Override
    public void write(WriteContext ctx, Object value) {
      ctx.writeObject(((scala.collection.convert.JavaCollectionWrappers.IterableWrapper<?>) value).underlying());
    }

    @Override
    public Object read(ReadContext ctx) {
      int at = ctx.position();
      Object u = ctx.readObject();
      if (!(u instanceof scala.collection.Iterable<?> it)) {
        throw new MalformedInputException("IterableWrapper at offset " + at + " does not hold a Scala Iterable");
      }
      return new scala.collection.convert.JavaCollectionWrappers.IterableWrapper<>(it);
    }
  }

  private static Class<Object> sparkClass(String name) {
    try {
      return cls(Class.forName(name, false, CompactBuffer.class.getClassLoader()));
    } catch (ClassNotFoundException e) {
      throw new BrineException("Spark without " + name + " (brine-spark needs Spark 4.1)", e);
    }
  }

  /** The element kinds of Scala's array-backed Seqs, in id order ({@code ofUnit} is left out). */
  private static final String[] ARRAY_SEQ_KINDS = {"Ref", "Int", "Long", "Double", "Float", "Short", "Byte", "Char",
      "Boolean"};

  @SuppressWarnings("unchecked")
  private static Class<Object> cls(Class<?> c) {
    return (Class<Object>) c;
  }

  private static Class<Object> named(String name) {
    try {
      return cls(Class.forName(name, false, scala.collection.immutable.List.class.getClassLoader()));
    } catch (ClassNotFoundException e) {
      throw new BrineException("Scala library without " + name + " (brine-spark needs Scala 2.13)", e);
    }
  }

  private static final class NoneSerializer implements Serializer<None$> {
    @Override
    public void write(WriteContext ctx, None$ value) {}

    @Override
    public None$ read(ReadContext ctx) {
      return None$.MODULE$;
    }
  }

  private static final class Singleton implements Serializer<Object> {
    private final Object instance;

    Singleton(Object instance) {
      this.instance = instance;
    }

    @Override
    public void write(WriteContext ctx, Object value) {}

    @Override
    public Object read(ReadContext ctx) {
      return instance;
    }
  }

  private static final class SomeSerializer implements Serializer<Object> {
    @Override
    public void write(WriteContext ctx, Object value) {
      ctx.writeObject(((Some<?>) value).value());
    }

    @Override
    public Object read(ReadContext ctx) {
      return new Some<>(ctx.readObject());
    }
  }

  private static final class Tuple2Serializer implements Serializer<Object> {
    @Override
    public void write(WriteContext ctx, Object value) {
      Tuple2<?, ?> t = (Tuple2<?, ?>) value;
      ctx.writeObject(t._1());
      ctx.writeObject(t._2());
    }

    @Override
    public Object read(ReadContext ctx) {
      Object a = ctx.readObject();
      return new Tuple2<>(a, ctx.readObject());
    }
  }

  private static final class Tuple3Serializer implements Serializer<Object> {
    @Override
    public void write(WriteContext ctx, Object value) {
      Tuple3<?, ?, ?> t = (Tuple3<?, ?, ?>) value;
      ctx.writeObject(t._1());
      ctx.writeObject(t._2());
      ctx.writeObject(t._3());
    }

    @Override
    public Object read(ReadContext ctx) {
      Object a = ctx.readObject();
      Object b = ctx.readObject();
      return new Tuple3<>(a, b, ctx.readObject());
    }
  }

  /** A source of Scala collection builders, e.g. {@code List$.MODULE$::newBuilder}. */
  @FunctionalInterface
  interface BuilderFactory {
    Builder<?, ?> newBuilder();
  }

  /** Immutable Scala Seqs and Sets: count, then the elements; rebuilt with the companion's builder. */
  private static final class SeqSerializer implements Serializer<Object> {
    private final String what;
    private final BuilderFactory builders;

    SeqSerializer(String what, BuilderFactory builders) {
      this.what = what;
      this.builders = builders;
    }

    @Override
    public void write(WriteContext ctx, Object value) {
      scala.collection.Iterable<?> it = (scala.collection.Iterable<?>) value;
      ctx.writeVarUInt32(it.size());
      for (Iterator<?> i = it.iterator(); i.hasNext(); ) {
        ctx.writeObject(i.next());
      }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object read(ReadContext ctx) {
      int n = ctx.readLength(what, 1);
      Builder<Object, ?> b = (Builder<Object, ?>) builders.newBuilder();
      b.sizeHint(n);
      for (int i = 0; i < n; i++) {
        b.addOne(ctx.readObject());
      }
      return b.result();
    }
  }

  /** Immutable Scala Maps: count, then key and value per entry; rebuilt with {@code Map.newBuilder}. */
  private static final class MapSerializer implements Serializer<Object> {
    @Override
    public void write(WriteContext ctx, Object value) {
      scala.collection.Map<?, ?> m = (scala.collection.Map<?, ?>) value;
      ctx.writeVarUInt32(m.size());
      for (Iterator<? extends Tuple2<?, ?>> i = m.iterator(); i.hasNext(); ) {
        Tuple2<?, ?> kv = i.next();
        ctx.writeObject(kv._1());
        ctx.writeObject(kv._2());
      }
    }

    @Override
    public Object read(ReadContext ctx) {
      int n = ctx.readLength("Map", 2);
      Builder<Tuple2<Object, Object>, scala.collection.immutable.Map<Object, Object>> b =
          scala.collection.immutable.Map$.MODULE$.newBuilder();
      for (int i = 0; i < n; i++) {
        Object k = ctx.readObject();
        b.addOne(new Tuple2<>(k, ctx.readObject()));
      }
      return b.result();
    }
  }

  /**
   * Scala's array-backed Seqs (what {@code parallelize} slices and varargs are): the wrapped array as
   * a tagged value, so its component type survives; rewrapped without a copy.
   */
  private static final class ArraySeqSerializer implements Serializer<Object> {
    private final boolean mutable;

    ArraySeqSerializer(boolean mutable) {
      this.mutable = mutable;
    }

    @Override
    public void write(WriteContext ctx, Object value) {
      ctx.writeObject(mutable ? ((scala.collection.mutable.ArraySeq<?>) value).array()
          : ((scala.collection.immutable.ArraySeq<?>) value).unsafeArray());
    }

    @Override
    public Object read(ReadContext ctx) {
      int at = ctx.position();
      Object array = ctx.readObject();
      if (array == null || !array.getClass().isArray()) {
        throw new MalformedInputException("ArraySeq at offset " + at + " does not hold an array");
      }
      return mutable ? scala.collection.mutable.ArraySeq$.MODULE$.make(array)
          : scala.collection.immutable.ArraySeq$.MODULE$.unsafeWrapArray(array);
    }
  }

  /** Spark's CompactBuffer (the values of groupByKey): count, then the elements. */
  private static final class CompactBufferSerializer implements Serializer<Object> {
    @Override
    public void write(WriteContext ctx, Object value) {
      CompactBuffer<?> cb = (CompactBuffer<?>) value;
      int n = cb.size();
      ctx.writeVarUInt32(n);
      for (int i = 0; i < n; i++) {
        ctx.writeObject(cb.apply(i));
      }
    }

    @Override
    public Object read(ReadContext ctx) {
      int n = ctx.readLength("CompactBuffer", 1);
      CompactBuffer<Object> cb = new CompactBuffer<>(ClassTag$.MODULE$.Any());
      ctx.reference(cb);
      for (int i = 0; i < n; i++) {
        cb.$plus$eq(ctx.readObject());
      }
      return cb;
    }
  }
}
