package dev.brine.bench.sample;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * The Sample workload, modelled on Kryo's own benchmark object: every primitive, every boxed primitive, every
 * primitive array, a string and a nested (here null) sample.
 */
public final class Sample implements Serializable {
  private static final long serialVersionUID = 1L;

  /** int. */
  public int intValue;
  /** long. */
  public long longValue;
  /** float. */
  public float floatValue;
  /** double. */
  public double doubleValue;
  /** short. */
  public short shortValue;
  /** char. */
  public char charValue;
  /** boolean. */
  public boolean booleanValue;
  /** Integer. */
  public Integer boxedInt;
  /** Long. */
  public Long boxedLong;
  /** Float. */
  public Float boxedFloat;
  /** Double. */
  public Double boxedDouble;
  /** Short. */
  public Short boxedShort;
  /** Character. */
  public Character boxedChar;
  /** Boolean. */
  public Boolean boxedBoolean;
  /** int[]. */
  public int[] intArray;
  /** long[]. */
  public long[] longArray;
  /** float[]. */
  public float[] floatArray;
  /** double[]. */
  public double[] doubleArray;
  /** short[]. */
  public short[] shortArray;
  /** char[]. */
  public char[] charArray;
  /** boolean[]. */
  public boolean[] booleanArray;
  /** String. */
  public String string;
  /** Nested sample, null in the workload (no references). */
  public Sample sample;

  /** For deserializers. */
  public Sample() {
  }

  /**
   * The benchmark instance, with the values of Kryo's benchmark.
   *
   * @return a populated sample
   */
  public static Sample create() {
    Sample s = new Sample();
    s.intValue = 123;
    s.longValue = 1230000;
    s.floatValue = 12.345f;
    s.doubleValue = 1.234567;
    s.shortValue = 12345;
    s.charValue = '!';
    s.booleanValue = true;
    s.boxedInt = 321;
    s.boxedLong = 3210000L;
    s.boxedFloat = 54.321f;
    s.boxedDouble = 7.654321;
    s.boxedShort = 32100;
    s.boxedChar = '$';
    s.boxedBoolean = Boolean.FALSE;
    s.intArray = new int[] {-1234, -123, -12, -1, 0, 1, 12, 123, 1234};
    s.longArray = new long[] {-123400, -12300, -1200, -100, 0, 100, 1200, 12300, 123400};
    s.floatArray = new float[] {-12.34f, -12.3f, -12, -1, 0, 1, 12, 12.3f, 12.34f};
    s.doubleArray = new double[] {-1.234, -1.23, -12, -1, 0, 1, 12, 1.23, 1.234};
    s.shortArray = new short[] {-1234, -123, -12, -1, 0, 1, 12, 123, 1234};
    s.charArray = "asdfASDF".toCharArray();
    s.booleanArray = new boolean[] {true, false, false, true};
    s.string = "hello world, this is a sample";
    return s;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Sample)) {
      return false;
    }
    Sample s = (Sample) o;
    return intValue == s.intValue && longValue == s.longValue && Float.compare(floatValue, s.floatValue) == 0
        && Double.compare(doubleValue, s.doubleValue) == 0 && shortValue == s.shortValue
        && charValue == s.charValue && booleanValue == s.booleanValue && Objects.equals(boxedInt, s.boxedInt)
        && Objects.equals(boxedLong, s.boxedLong) && Objects.equals(boxedFloat, s.boxedFloat)
        && Objects.equals(boxedDouble, s.boxedDouble) && Objects.equals(boxedShort, s.boxedShort)
        && Objects.equals(boxedChar, s.boxedChar) && Objects.equals(boxedBoolean, s.boxedBoolean)
        && Arrays.equals(intArray, s.intArray) && Arrays.equals(longArray, s.longArray)
        && Arrays.equals(floatArray, s.floatArray) && Arrays.equals(doubleArray, s.doubleArray)
        && Arrays.equals(shortArray, s.shortArray) && Arrays.equals(charArray, s.charArray)
        && Arrays.equals(booleanArray, s.booleanArray) && Objects.equals(string, s.string)
        && Objects.equals(sample, s.sample);
  }

  @Override
  public int hashCode() {
    return Objects.hash(intValue, longValue, string, Arrays.hashCode(intArray));
  }

  @Override
  public String toString() {
    return "Sample{int=" + intValue + ", long=" + longValue + ", float=" + floatValue + ", double=" + doubleValue
        + ", short=" + shortValue + ", char=" + charValue + ", boolean=" + booleanValue + ", Int=" + boxedInt
        + ", Long=" + boxedLong + ", Float=" + boxedFloat + ", Double=" + boxedDouble + ", Short=" + boxedShort
        + ", Char=" + boxedChar + ", Boolean=" + boxedBoolean + ", ints=" + Arrays.toString(intArray)
        + ", longs=" + Arrays.toString(longArray) + ", floats=" + Arrays.toString(floatArray) + ", doubles="
        + Arrays.toString(doubleArray) + ", shorts=" + Arrays.toString(shortArray) + ", chars="
        + Arrays.toString(charArray) + ", booleans=" + Arrays.toString(booleanArray) + ", string=" + string
        + ", sample=" + sample + "}";
  }
}
