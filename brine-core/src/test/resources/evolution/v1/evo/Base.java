package evo;

public class Base {
  public long id;
}
