package evo;

public class Widen {
  public int age;
  public float rating;
  public byte level;
  public int visits;
  public Integer bonus;
  public String nickname;
  public int small;
}
