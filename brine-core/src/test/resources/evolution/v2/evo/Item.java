package evo;

public class Item extends Base {
  public int count;
}
