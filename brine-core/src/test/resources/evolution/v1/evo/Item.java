package evo;

public class Item extends Base {
  public String label;
  public int count;
}
