package dev.brine.bench.unseen;

import java.util.Objects;

/** Primitives, boxes (one null) and enums mixed, as an entity of a business application might be. */
public class Account implements java.io.Serializable {
  /** A status enum. */
  public enum Status { OPEN, FROZEN, CLOSED }

  /** A kind enum. */
  public enum Kind { PERSONAL, BUSINESS, TRUST, JOINT }

  public long id;
  public int version;
  public Integer score;
  public Long balanceCents;
  public Double rate;
  public boolean active;
  public Status status;
  public Kind kind;
  public short region;
  public Integer referrer;
  public Long openedAt;
  public int flags;
  public Boolean verified;
  public double limit;
  public Status previous;

  /** @return the benchmark's value */
  public static Account create() {
    Account a = new Account();
    a.id = 9_007_199_254L;
    a.version = 17;
    a.score = 742;
    a.balanceCents = 1_234_567_89L;
    a.rate = 0.0375;
    a.active = true;
    a.status = Status.OPEN;
    a.kind = Kind.BUSINESS;
    a.region = 44;
    a.referrer = null;
    a.openedAt = 1_690_000_000_000L;
    a.flags = 0b1011;
    a.verified = Boolean.TRUE;
    a.limit = 25_000.0;
    a.previous = Status.FROZEN;
    return a;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Account a && id == a.id && version == a.version && Objects.equals(score, a.score)
        && Objects.equals(balanceCents, a.balanceCents) && Objects.equals(rate, a.rate) && active == a.active
        && status == a.status && kind == a.kind && region == a.region && Objects.equals(referrer, a.referrer)
        && Objects.equals(openedAt, a.openedAt) && flags == a.flags && Objects.equals(verified, a.verified)
        && Double.compare(limit, a.limit) == 0 && previous == a.previous;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(id);
  }
}
