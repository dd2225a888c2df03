package dev.brine.javaser;

import dev.brine.Brine;
import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.context.ReadSession;
import dev.brine.context.WriteSession;
import dev.brine.registry.TypeRegistry;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * For classes that define Java serialization's {@code writeObject}/{@code readObject} or are
 * Externalizable: the object is written with ObjectOutputStream and embedded as {@code
 * length:varuint32} plus the stream's bytes. Reading uses an ObjectInputStream whose every class
 * is checked by name before loading (registration when required, the deny-list, the allow-list;
 * proxies are refused) and whose depth, array lengths and size are bounded by the Brine limits.
 */
public final class JavaStreamSerializer implements Serializer<Object> {
  private final Class<?> type;

  /** Creates the serializer for {@code type}. */
  public JavaStreamSerializer(Class<?> type) {
    this.type = type;
  }

  @Override
  public void write(WriteContext ctx, Object value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    TypeRegistry registry = ((WriteSession) ctx).registry();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes) {
      @Override
      protected void annotateClass(Class<?> cl) {
        registry.checkReadable(cl); // what the reader would refuse fails now, when written
      }

      @Override
      protected void annotateProxyClass(Class<?> cl) throws IOException {
        throw new NotSerializableException(cl.getName() + ": dynamic proxies are not accepted in Brine payloads");
      }
    }) {
      out.writeObject(value);
    } catch (BrineException e) {
      throw new BrineException("Java serialization of a " + type.getName() + " cannot be read back: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new BrineException("Java serialization of " + type.getName() + " failed: " + e, e);
    }
    byte[] b = bytes.toByteArray();
    ctx.writeVarUInt32(b.length);
    ctx.writeBytes(b, 0, b.length);
  }

  /**
   * Whether the next bytes start a Java serialization stream (its magic {@code AC ED} and version {@code
   * 00 05}): after the length that precedes it, what tells this form apart from another serializer's.
   */
  public static boolean startsAt(ReadSession ctx) {
    int p = ctx.mark();
    return ctx.remaining() >= 4 && ctx.getInt8(p) == (byte) 0xAC && ctx.getInt8(p + 1) == (byte) 0xED
        && ctx.getInt8(p + 2) == 0 && ctx.getInt8(p + 3) == 5;
  }

  @Override
  public Object read(ReadContext ctx0) {
    ReadSession ctx = (ReadSession) ctx0;
    int at = ctx.position();
    int n = ctx.readLength("Java serialization stream length", Integer.MAX_VALUE, 1);
    byte[] b = ctx.readBytes(n);
    try (ObjectInputStream in = new CheckedInput(new ByteArrayInputStream(b), ctx, at)) {
      Object o = in.readObject();
      return o; // readResolve may legitimately turn a serialization proxy into another class
    } catch (BrineException e) {
      throw e;
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      throw new MalformedInputException("invalid Java serialization stream at offset " + at + ": " + e, e);
    }
  }

  private static final class CheckedInput extends ObjectInputStream {
    private final ReadSession ctx;
    private final int at;

    CheckedInput(InputStream in, ReadSession ctx, int at) throws IOException {
      super(in);
      this.ctx = ctx;
      this.at = at;
      long maxLength = ctx.maxLength();
      setObjectInputFilter(info -> {
        if (info.depth() > 512 || info.arrayLength() > maxLength || info.references() > 10_000_000) {
          return ObjectInputFilter.Status.REJECTED;
        }
        return ObjectInputFilter.Status.UNDECIDED;
      });
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
      try {
        return ctx.registry().loadChecked(desc.getName(), at);
      } catch (BrineException e) {
        InvalidClassException ice = new InvalidClassException(desc.getName(), e.getMessage());
        ice.initCause(e);
        throw ice;
      }
    }

    @Override
    protected Class<?> resolveProxyClass(String[] interfaces) throws IOException {
      throw new InvalidClassException("dynamic proxies are not accepted in Brine payloads");
    }
  }
}
