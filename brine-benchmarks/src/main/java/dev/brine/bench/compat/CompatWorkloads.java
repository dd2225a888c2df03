package dev.brine.bench.compat;

import dev.brine.bench.largermessage.LargerMessage;
import dev.brine.bench.largermessage.SimpleMessage;
import dev.brine.bench.mediacontent.Image;
import dev.brine.bench.mediacontent.Media;
import dev.brine.bench.mediacontent.MediaContent;
import dev.brine.bench.simpleobject.SimpleObject;
import dev.brine.bench.struct.Struct;
import java.util.List;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;

/** The four workloads of the compatible-mode benchmarks: a value and the classes to register for it. */
public final class CompatWorkloads {
  private CompatWorkloads() {}

  /** The value of workload {@code data}. */
  public static Object value(String data) {
    switch (data) {
      case "MediaContent":
        return MediaContent.create();
      case "SimpleObject":
        return SimpleObject.create();
      case "LargerMessage":
        return LargerMessage.create();
      case "Struct":
        return Struct.create();
      default:
        throw new IllegalArgumentException(data);
    }
  }

  /** The classes workload {@code data} registers, in registration order. */
  public static List<Class<?>> classes(String data) {
    switch (data) {
      case "MediaContent":
        return List.of(MediaContent.class, Media.class, Image.class, Media.Player.class, Image.Size.class);
      case "SimpleObject":
        return List.of(SimpleObject.class);
      case "LargerMessage":
        return List.of(LargerMessage.class, SimpleMessage.class);
      case "Struct":
        return List.of(Struct.class);
      default:
        throw new IllegalArgumentException(data);
    }
  }

  /**
   * Fory 1.6 in compatible mode with meta-share, codegen, no references, {@code classes} registered: class metadata
   * once per payload ({@code scoped}) or once per stream of payloads sharing a meta context.
   */
  public static Fory foryCompatible(List<Class<?>> classes, boolean scoped) {
    Fory f = Fory.builder().withLanguage(Language.JAVA).withCodegen(true).withAsyncCompilation(false)
        .withRefTracking(false).requireClassRegistration(true).withCompatibleMode(CompatibleMode.COMPATIBLE)
        .withMetaShare(true).withScopedMetaShare(scoped).build();
    classes.forEach(f::register);
    return f;
  }
}
