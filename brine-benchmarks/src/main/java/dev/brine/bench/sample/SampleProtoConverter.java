package dev.brine.bench.sample;

import dev.brine.bench.proto.SampleProto;

/** Converts {@link Sample} to and from {@link SampleProto}; the conversion is part of protobuf's measured cost. */
public final class SampleProtoConverter {
  private SampleProtoConverter() {
  }

  /**
   * Builds the message.
   *
   * @param s the sample (its nested {@code sample} must be null)
   * @return the message
   */
  public static SampleProto toProto(Sample s) {
    SampleProto.Builder b = SampleProto.newBuilder()
        .setIntValue(s.intValue).setLongValue(s.longValue).setFloatValue(s.floatValue)
        .setDoubleValue(s.doubleValue).setShortValue(s.shortValue).setCharValue(s.charValue)
        .setBooleanValue(s.booleanValue);
    if (s.boxedInt != null) {
      b.setBoxedInt(s.boxedInt);
    }
    if (s.boxedLong != null) {
      b.setBoxedLong(s.boxedLong);
    }
    if (s.boxedFloat != null) {
      b.setBoxedFloat(s.boxedFloat);
    }
    if (s.boxedDouble != null) {
      b.setBoxedDouble(s.boxedDouble);
    }
    if (s.boxedShort != null) {
      b.setBoxedShort(s.boxedShort);
    }
    if (s.boxedChar != null) {
      b.setBoxedChar(s.boxedChar);
    }
    if (s.boxedBoolean != null) {
      b.setBoxedBoolean(s.boxedBoolean);
    }
    if (s.intArray != null) {
      b.setHasIntArray(true);
      for (int v : s.intArray) {
        b.addIntArray(v);
      }
    }
    if (s.longArray != null) {
      b.setHasLongArray(true);
      for (long v : s.longArray) {
        b.addLongArray(v);
      }
    }
    if (s.floatArray != null) {
      b.setHasFloatArray(true);
      for (float v : s.floatArray) {
        b.addFloatArray(v);
      }
    }
    if (s.doubleArray != null) {
      b.setHasDoubleArray(true);
      for (double v : s.doubleArray) {
        b.addDoubleArray(v);
      }
    }
    if (s.shortArray != null) {
      b.setHasShortArray(true);
      for (short v : s.shortArray) {
        b.addShortArray(v);
      }
    }
    if (s.charArray != null) {
      b.setHasCharArray(true);
      b.setCharArray(new String(s.charArray));
    }
    if (s.booleanArray != null) {
      b.setHasBooleanArray(true);
      for (boolean v : s.booleanArray) {
        b.addBooleanArray(v);
      }
    }
    if (s.string != null) {
      b.setString(s.string);
    }
    return b.build();
  }

  /**
   * Reads the message back.
   *
   * @param p the message
   * @return the sample
   */
  public static Sample fromProto(SampleProto p) {
    Sample s = new Sample();
    s.intValue = p.getIntValue();
    s.longValue = p.getLongValue();
    s.floatValue = p.getFloatValue();
    s.doubleValue = p.getDoubleValue();
    s.shortValue = (short) p.getShortValue();
    s.charValue = (char) p.getCharValue();
    s.booleanValue = p.getBooleanValue();
    s.boxedInt = p.hasBoxedInt() ? p.getBoxedInt() : null;
    s.boxedLong = p.hasBoxedLong() ? p.getBoxedLong() : null;
    s.boxedFloat = p.hasBoxedFloat() ? p.getBoxedFloat() : null;
    s.boxedDouble = p.hasBoxedDouble() ? p.getBoxedDouble() : null;
    s.boxedShort = p.hasBoxedShort() ? (short) p.getBoxedShort() : null;
    s.boxedChar = p.hasBoxedChar() ? (char) p.getBoxedChar() : null;
    s.boxedBoolean = p.hasBoxedBoolean() ? p.getBoxedBoolean() : null;
    if (p.getHasIntArray()) {
      s.intArray = new int[p.getIntArrayCount()];
      for (int i = 0; i < s.intArray.length; i++) {
        s.intArray[i] = p.getIntArray(i);
      }
    }
    if (p.getHasLongArray()) {
      s.longArray = new long[p.getLongArrayCount()];
      for (int i = 0; i < s.longArray.length; i++) {
        s.longArray[i] = p.getLongArray(i);
      }
    }
    if (p.getHasFloatArray()) {
      s.floatArray = new float[p.getFloatArrayCount()];
      for (int i = 0; i < s.floatArray.length; i++) {
        s.floatArray[i] = p.getFloatArray(i);
      }
    }
    if (p.getHasDoubleArray()) {
      s.doubleArray = new double[p.getDoubleArrayCount()];
      for (int i = 0; i < s.doubleArray.length; i++) {
        s.doubleArray[i] = p.getDoubleArray(i);
      }
    }
    if (p.getHasShortArray()) {
      s.shortArray = new short[p.getShortArrayCount()];
      for (int i = 0; i < s.shortArray.length; i++) {
        s.shortArray[i] = (short) p.getShortArray(i);
      }
    }
    if (p.getHasCharArray()) {
      s.charArray = p.getCharArray().toCharArray();
    }
    if (p.getHasBooleanArray()) {
      s.booleanArray = new boolean[p.getBooleanArrayCount()];
      for (int i = 0; i < s.booleanArray.length; i++) {
        s.booleanArray[i] = p.getBooleanArray(i);
      }
    }
    s.string = p.hasString() ? p.getString() : null;
    return s;
  }
}
