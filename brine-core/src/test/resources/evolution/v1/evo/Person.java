package evo;

import dev.brine.Field;
import java.util.List;
import java.util.Map;

public class Person {
  @Field(id = 100) public String name;
  public int age;
  public Status status;
  public Address address;
  public List<String> tags;
  public Map<String, Integer> counts;
  public Object extra;
  public double score;
  public Point[] points;
  public List<Item> items;
}
