package evo;

import dev.brine.Field;
import java.util.List;
import java.util.Map;

public class Person {
  public String email;
  public List<Item> items;
  public Point[] points;
  @Field(id = 100) public String fullName;
  public int age;
  public Status status;
  public Address address;
  public List<String> tags;
  public Map<String, Integer> counts;
  public Object extra;
  public Gadget gadget;
}
