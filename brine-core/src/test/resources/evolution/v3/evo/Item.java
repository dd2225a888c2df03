package evo;

public class Item extends Base {
  public long id;
  public int count;
  public boolean checked;
}
