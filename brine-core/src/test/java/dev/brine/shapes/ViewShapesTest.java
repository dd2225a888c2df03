package dev.brine.shapes;

import static org.junit.jupiter.api.Assertions.*;

import dev.brine.Brine;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.util.*;
import org.junit.jupiter.api.Test;

/** Views and what they wrap, replaced objects in arrays and lists, classes with serializers of one's own. */
class ViewShapesTest {
  static final class Views {
    List<Integer> parent;
    List<Integer> sub;
    List<Integer> unmod;
    Map<String, Integer> backing;
    Map<String, Integer> unmodMap;
  }

  @Test
  void aMapViewWrittenWithItsMapStaysAViewOfItWithReferences() {
    Views v = new Views();
    v.parent = new ArrayList<>(List.of(0, 1, 2, 3));
    v.sub = v.parent.subList(1, 3);
    v.unmod = Collections.unmodifiableList(v.parent);
    v.backing = new HashMap<>(Map.of("a", 1));
    v.unmodMap = Collections.unmodifiableMap(v.backing);
    Modes.eachWith(true, v, b -> {
      assertEquals(List.of(1, 2), b.sub);
      // an unmodifiable list is written as its elements (WrapperSerializer), so b.unmod is a copy: not checked
      assertEquals(List.of(0, 1, 2, 3), b.unmod);
      b.backing.put("b", 2);
      assertEquals(2, b.unmodMap.get("b"), "an unmodifiable view of the map read back");
      // a subList is written as its elements (JdkCollections), so b.sub is not a view of b.parent: not checked
    }, Views.class);
  }

  static final class Temp {
    final double kelvin;

    Temp(double kelvin) {
      this.kelvin = kelvin;
    }
  }

  static final class TempSerializer implements Serializer<Temp> {
    @Override
    public void write(WriteContext ctx, Temp t) {
      ctx.writeFloat64(t.kelvin);
    }

    @Override
    public Temp read(ReadContext ctx) {
      return new Temp(ctx.readFloat64());
    }
  }

  static final class Weather {
    Temp now;
    Temp again;
    Object any;
    Temp[] history;
    List<Temp> list;
  }

  @Test
  void aFinalClassWithASerializerOfOnesOwnAsFieldElementAndArray() {
    Weather w = new Weather();
    w.now = new Temp(-0.0);
    w.again = w.now;
    w.any = new Temp(300);
    w.history = new Temp[] {w.now, null, new Temp(1)};
    w.list = new ArrayList<>(Arrays.asList(null, w.now));
    for (boolean refs : new boolean[] {false, true}) {
      for (boolean generated : new boolean[] {true, false}) {
        Brine b = Brine.builder().codegenThreshold(generated ? 0 : Integer.MAX_VALUE).references(refs)
            .register(Weather.class).register(Temp.class, new TempSerializer()).build();
        Weather r = (Weather) b.deserialize(b.serialize(w));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(r.now.kelvin));
        assertEquals(300, ((Temp) r.any).kelvin);
        assertEquals(1, r.history[2].kelvin);
        assertNull(r.history[1]);
        assertNull(r.list.get(0));
        if (refs) {
          assertSame(r.now, r.again);
          assertSame(r.now, r.history[0]);
          assertSame(r.now, r.list.get(1));
        }
      }
    }
  }
}
