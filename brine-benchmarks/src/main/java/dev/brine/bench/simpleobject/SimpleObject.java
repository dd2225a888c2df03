package dev.brine.bench.simpleobject;

import java.io.Serializable;
import java.util.Objects;

/** Seed 003's SimpleObject: a few ints, longs and strings (the strings are nullable). */
public final class SimpleObject implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Id. */
  public int id;
  /** Age. */
  public int age;
  /** Score. */
  public int score;
  /** Creation time, epoch ms. */
  public long created;
  /** Balance in cents. */
  public long balance;
  /** Name. */
  public String name;
  /** E-mail. */
  public String email;
  /** City. */
  public String city;

  /** For deserializers. */
  public SimpleObject() {
  }

  /**
   * The benchmark instance.
   *
   * @return a populated object
   */
  public static SimpleObject create() {
    SimpleObject o = new SimpleObject();
    o.id = 42;
    o.age = 37;
    o.score = 123_456;
    o.created = 1_739_145_600_000L;
    o.balance = -9_876_543_210L;
    o.name = "Ada Lovelace";
    o.email = "ada@example.org";
    o.city = "Zürich";
    return o;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof SimpleObject)) {
      return false;
    }
    SimpleObject s = (SimpleObject) o;
    return id == s.id && age == s.age && score == s.score && created == s.created && balance == s.balance
        && Objects.equals(name, s.name) && Objects.equals(email, s.email) && Objects.equals(city, s.city);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, age, score, created, balance, name, email, city);
  }

  @Override
  public String toString() {
    return "SimpleObject{id=" + id + ", age=" + age + ", score=" + score + ", created=" + created + ", balance="
        + balance + ", name=" + name + ", email=" + email + ", city=" + city + "}";
  }
}
