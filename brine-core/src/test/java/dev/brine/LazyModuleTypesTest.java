package dev.brine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brine.registry.TypeIds;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Module types registered by class name ({@link Brine.Builder#registerWithId(int, String, BrineModule.LazySerializer)},
 * what brine-geometry does for JTS): nothing is loaded or made at {@code build()}, the class gets its module id on its
 * first write or when its id is first read, ids are checked against other registrations by name.
 */
class LazyModuleTypesTest {
  static final int ID = TypeIds.FREE_MODULE_FIRST;

  /** A type registered by name. */
  static final class Coin {
    final long value;

    Coin(long value) {
      this.value = value;
    }
  }

  /** One varint. */
  static final class CoinSerializer implements Serializer<Coin> {
    @Override
    public void write(WriteContext ctx, Coin value) {
      ctx.writeVarInt64(value.value);
    }

    @Override
    public Coin read(ReadContext ctx) {
      return new Coin(ctx.readVarInt64());
    }
  }

  /** Counts the serializers it makes. */
  static final class Coins implements BrineModule.LazySerializer {
    final AtomicInteger made = new AtomicInteger();

    @Override
    public Serializer<?> create(Class<?> type) {
      assertEquals(Coin.class, type);
      made.incrementAndGet();
      return new CoinSerializer();
    }
  }

  private static Brine brine(Coins coins) {
    return Brine.builder().registerWithId(ID, Coin.class.getName(), coins).build();
  }

  @Test
  void theSerializerIsMadeOnFirstUseNotAtBuild() {
    Coins coins = new Coins();
    Brine brine = brine(coins);
    assertEquals(0, coins.made.get());
    byte[] bytes = brine.serialize(new Coin(-7));
    assertEquals(1, coins.made.get());
    assertEquals(-7, ((Coin) brine.deserialize(bytes)).value);
    assertTrue(brine.explain(Coin.class).startsWith("id " + ID + ","), brine.explain(Coin.class));
    brine.serialize(new Coin(1));
    assertEquals(1, coins.made.get());
  }

  @Test
  void aFreshBrineReadsTheIdBeforeWritingAnything() {
    byte[] bytes = brine(new Coins()).serialize(new Coin(123456789L));
    Coins coins = new Coins();
    assertEquals(123456789L, ((Coin) brine(coins).deserialize(bytes)).value);
    assertEquals(1, coins.made.get());
  }

  @Test
  void theSameIdAndBytesAsAClassRegisteredEagerly() {
    byte[] eager = Brine.builder().registerWithId(ID, Coin.class, new CoinSerializer()).build().serialize(new Coin(5));
    byte[] lazy = brine(new Coins()).serialize(new Coin(5));
    assertEquals(java.util.Arrays.toString(eager), java.util.Arrays.toString(lazy));
  }

  @Test
  void aUserRegistrationOfTheClassKeepsItsModuleId() {
    Brine brine = Brine.builder().registerWithId(ID, Coin.class.getName(), new Coins()).register(Coin.class).build();
    assertTrue(brine.explain(Coin.class).startsWith("id " + ID + ","), brine.explain(Coin.class));
  }

  @Test
  void theIdIsTakenByTheName() {
    Brine.Builder b = Brine.builder().registerWithId(ID, Coin.class.getName(), new Coins());
    b.registerWithId(ID, Coin.class, new CoinSerializer()); // the same class: allowed
    BrineException e = assertThrows(BrineException.class, () -> b.registerWithId(ID, "dev.brine.Other", new Coins()));
    assertTrue(e.getMessage().contains(Coin.class.getName()), e.getMessage());
    assertThrows(BrineException.class, () -> b.registerWithId(ID, (String) null, new Coins()));
    assertThrows(BrineException.class, () -> b.registerWithId(TypeIds.FIRST_MODULE - 1, Coin.class.getName(), new Coins()));
  }

  @Test
  void aNameThatCannotBeLoadedFailsWhenItsIdIsRead() {
    byte[] bytes = brine(new Coins()).serialize(new Coin(3));
    Brine reader = Brine.builder().registerWithId(ID, "dev.brine.NoSuchClass", new Coins()).build();
    BrineException e = assertThrows(BrineException.class, () -> reader.deserialize(bytes));
    assertTrue(e.getMessage().contains("dev.brine.NoSuchClass"), e.getMessage());
  }
}
