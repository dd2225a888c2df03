package evo;

public record Point(int y, int z, int x) {
  public Point {
    if (z < 0) {
      throw new IllegalArgumentException("z must not be negative: " + z);
    }
  }
}
