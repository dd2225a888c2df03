package dev.brine.protobuf.model;

/** Arrays as repeated fields. */
public final class Arrays {
  public int[] ints;
  public long[] longs;
  public double[] doubles;
  public float[] floats;
  public boolean[] bools;
  public short[] shorts;
  public char[] chars;
  public String[] strings;
  public Inner[] inners;
  public byte[][] blobs;
  public Color[] colors;
}
