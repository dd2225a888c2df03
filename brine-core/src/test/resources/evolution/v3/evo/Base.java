package evo;

public class Base {
  public String label;
}
