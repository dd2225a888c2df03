package dev.brine.geometry;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Big-endian views for WKB input written in network order (byte order 0). Little-endian bytes, the
 * native format's and most WKB's, go through brine-core's one byte layer ({@code
 * dev.brine.io.Loads.load*} / {@code ByteWriter.store*}).
 */
final class Bytes {
  static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  static final VarHandle DOUBLE_BE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);

  private Bytes() {}
}
