package evo;

import java.util.Optional;

public class Widen {
  public long age;
  public double rating;
  public short level;
  public Integer visits;
  public int bonus;
  public Optional<String> nickname;
  public double small;
}
