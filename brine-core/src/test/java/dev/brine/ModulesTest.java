package dev.brine;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.registry.TypeIds;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * {@link BrineModule}s found by {@link java.util.ServiceLoader}: this test's {@link TestModule} is listed in
 * the test class path's {@code META-INF/services/dev.brine.BrineModule}. Their registrations are collected
 * off the calling thread (the first time in a JVM) and must behave as if they had run in {@link
 * Brine#builder()}: module ids, a module's class registered again by the user, id conflicts.
 */
public class ModulesTest {
  /** The test module's id: the last id of the module range, before the JDK block. */
  static final int ID = TypeIds.JDK_FIRST - 1;

  /** A type only the test module knows. */
  static final class Money {
    final long cents;

    Money(long cents) {
      this.cents = cents;
    }
  }

  /** A user class. */
  static final class Plain {
    int x;
  }

  /** Writes a {@link Money} as one zig-zag varint. */
  static final class MoneySerializer implements Serializer<Money> {
    @Override
    public void write(WriteContext ctx, Money value) {
      ctx.writeVarInt64(value.cents);
    }

    @Override
    public Money read(ReadContext ctx) {
      return new Money(ctx.readVarInt64());
    }
  }

  /** The module, found through the service file. */
  public static final class TestModule implements BrineModule {
    /** Called by ServiceLoader. */
    public TestModule() {}

    @Override
    public void register(Brine.Builder builder) {
      builder.registerWithId(ID, Money.class, new MoneySerializer());
    }
  }

  @Test
  void aModuleTypeNeedsNoRegistration() {
    Brine brine = Brine.builder().build();
    assertTrue(brine.explain(Money.class).startsWith("id " + ID + ","), brine.explain(Money.class));
    byte[] bytes = brine.serialize(new Money(-12345));
    assertEquals(-12345, ((Money) brine.deserialize(bytes)).cents);
  }

  @Test
  void aModuleTypeRegisteredAgainKeepsItsIdAndTakesNoUserId() {
    Brine brine = Brine.builder().register(Money.class, Plain.class).build();
    assertTrue(brine.explain(Money.class).startsWith("id " + ID + ","), brine.explain(Money.class));
    assertTrue(brine.explain(Plain.class).startsWith("id " + TypeIds.FIRST_USER + ","), brine.explain(Plain.class));
  }

  @Test
  void anotherClassUnderAModuleIdIsRefusedAtOnce() {
    Brine.Builder b = Brine.builder();
    BrineException e = assertThrows(BrineException.class, () -> b.registerWithId(ID, Plain.class, new Serializer<>() {
      @Override
      public void write(WriteContext ctx, Plain value) {}

      @Override
      public Plain read(ReadContext ctx) {
        return new Plain();
      }
    }));
    assertTrue(e.getMessage().contains(Money.class.getName()), e.getMessage());
  }

  @Test
  void theModuleClassUnderItsIdTakesTheUsersSerializer() {
    Serializer<Money> fixedWidth = new Serializer<>() {
      @Override
      public void write(WriteContext ctx, Money value) {
        ctx.writeInt64(value.cents);
      }

      @Override
      public Money read(ReadContext ctx) {
        return new Money(ctx.readInt64());
      }
    };
    Brine brine = Brine.builder().registerWithId(ID, Money.class, fixedWidth).build();
    Brine plain = Brine.builder().build();
    byte[] bytes = brine.serialize(new Money(1));
    assertEquals(plain.serialize(new Money(1)).length + 7, bytes.length); // 8 bytes instead of a 1-byte varint
    assertEquals(1, ((Money) brine.deserialize(bytes)).cents);
  }

  @Test
  void buildersOnManyThreadsEachGetTheModules() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Long>> results = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        long cents = i;
        results.add(pool.submit((Callable<Long>) () -> {
          Brine brine = Brine.builder().register(Plain.class).build();
          return ((Money) brine.deserialize(brine.serialize(new Money(cents)))).cents;
        }));
      }
      for (int i = 0; i < results.size(); i++) {
        assertEquals(i, results.get(i).get());
      }
    } finally {
      pool.shutdown();
    }
  }
}
