package dev.brine.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Test types: a POJO, records, an enum; Serializable so the same jobs run under JavaSerializer. */
final class Model {
  private Model() {}

  enum Color { RED, GREEN, BLUE }

  record Point(int x, int y) implements Serializable {}

  record Reading(Point at, String station, double value, Color color) implements Serializable {}

  /** A record that is not Serializable: only Brine (not JavaSerializer) can move it. */
  record Plain(String name, long n) {}

  /** A mutable POJO with strings, numbers, a list and a map. */
  static final class Person implements Serializable {
    private static final long serialVersionUID = 1L;
    String name;
    int age;
    long id;
    double score;
    Color favorite;
    List<String> tags = new ArrayList<>();
    Map<String, Integer> counts = new LinkedHashMap<>();

    Person() {}

    Person(long id) {
      this.id = id;
      this.name = "person-" + id + (id % 7 == 0 ? "-é日本" : "");
      this.age = (int) (id % 90);
      this.score = id * 0.25;
      this.favorite = Color.values()[(int) (id % 3)];
      for (int i = 0; i < id % 4; i++) {
        tags.add("t" + i);
        counts.put("k" + i, (int) id * i);
      }
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Person p && p.id == id && p.age == age && Double.compare(p.score, score) == 0
          && Objects.equals(p.name, name) && p.favorite == favorite && p.tags.equals(tags)
          && p.counts.equals(counts);
    }

    @Override
    public int hashCode() {
      return Objects.hash(id, name);
    }

    @Override
    public String toString() {
      return "Person{" + id + "," + name + "," + tags + "," + counts + "}";
    }
  }
}
