package evo;

public class Base {
  public long id;
  public String label;
}
