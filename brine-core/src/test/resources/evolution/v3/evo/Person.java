package evo;

import dev.brine.Field;
import java.util.List;

public class Person {
  @Field(id = 100) public String displayName;
  public int age;
  public Status status;
  public Address address;
  public List<String> tags;
  public Object extra;
  public List<Item> items;
  public Point[] points;
  public String phone;
}
