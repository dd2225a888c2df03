package dev.brine.builtin;

import dev.brine.BrineException;
import dev.brine.MalformedInputException;
import dev.brine.serializer.ReadContext;
import dev.brine.serializer.Serializer;
import dev.brine.serializer.WriteContext;
import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.UnknownHostException;
import java.nio.charset.Charset;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Currency;
import java.util.Locale;
import java.util.Set;
import java.util.TimeZone;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

/**
 * JDK value classes whose state is reachable only through their public API: the atomics and adders,
 * Locale, Currency, Charset, URI, URL, InetAddress, InetSocketAddress, Path, File, Pattern, TimeZone
 * and the string builders (docs/format.md, "JDK block"). Each is written from its accessors and read
 * back through its factory, so shared instances (a Currency, a Charset) come back as themselves.
 */
final class JdkValues {
  private JdkValues() {}

  private static int kind(ReadContext ctx, int kinds, String what) {
    int at = ctx.position();
    int k = ctx.readInt8() & 0xFF;
    if (k >= kinds) {
      throw new MalformedInputException("unknown " + what + " kind " + k + " at offset " + at);
    }
    return k;
  }

  // ---------------------------------------------------------------- atomics

  /**
   * {@code java.util.concurrent.atomic}: {@code kind:u8} then 0 AtomicBoolean {@code u8}, 1
   * AtomicInteger {@code varint32}, 2 AtomicLong {@code varint64}, 3 AtomicReference a tagged value, 4
   * AtomicIntegerArray {@code n} varint32s, 5 AtomicLongArray {@code n} varint64s, 6
   * AtomicReferenceArray {@code n} tagged values, 7 LongAdder its sum {@code varint64}, 8 DoubleAdder
   * its sum {@code f64}.
   */
  static final Serializer<Object> ATOMIC = new Serializer<>() {
    @Override public void write(WriteContext c, Object v) {
      if (v instanceof AtomicBoolean) {
        c.writeInt8(0);
        c.writeBoolean(((AtomicBoolean) v).get());
      } else if (v instanceof AtomicInteger) {
        c.writeInt8(1);
        c.writeVarInt32(((AtomicInteger) v).get());
      } else if (v instanceof AtomicLong) {
        c.writeInt8(2);
        c.writeVarInt64(((AtomicLong) v).get());
      } else if (v instanceof AtomicReference) {
        c.writeInt8(3);
        c.writeObject(((AtomicReference<?>) v).get());
      } else if (v instanceof AtomicIntegerArray) {
        AtomicIntegerArray a = (AtomicIntegerArray) v;
        c.writeInt8(4);
        c.writeVarUInt32(a.length());
        for (int i = 0; i < a.length(); i++) {
          c.writeVarInt32(a.get(i));
        }
      } else if (v instanceof AtomicLongArray) {
        AtomicLongArray a = (AtomicLongArray) v;
        c.writeInt8(5);
        c.writeVarUInt32(a.length());
        for (int i = 0; i < a.length(); i++) {
          c.writeVarInt64(a.get(i));
        }
      } else if (v instanceof AtomicReferenceArray) {
        AtomicReferenceArray<?> a = (AtomicReferenceArray<?>) v;
        c.writeInt8(6);
        c.writeVarUInt32(a.length());
        for (int i = 0; i < a.length(); i++) {
          c.writeObject(a.get(i));
        }
      } else if (v instanceof LongAdder) {
        c.writeInt8(7);
        c.writeVarInt64(((LongAdder) v).sum());
      } else {
        c.writeInt8(8);
        c.writeFloat64(((DoubleAdder) v).sum());
      }
    }

    @Override public Object read(ReadContext c) {
      switch (kind(c, 9, "atomic")) {
        case 0: return new AtomicBoolean(c.readBoolean());
        case 1: return new AtomicInteger(c.readVarInt32());
        case 2: return new AtomicLong(c.readVarInt64());
        case 3: {
          AtomicReference<Object> r = new AtomicReference<>();
          c.reference(r);
          r.set(c.readObject());
          return r;
        }
        case 4: {
          AtomicIntegerArray a = new AtomicIntegerArray(c.readLength("AtomicIntegerArray length", 1));
          for (int i = 0; i < a.length(); i++) {
            a.set(i, c.readVarInt32());
          }
          return a;
        }
        case 5: {
          AtomicLongArray a = new AtomicLongArray(c.readLength("AtomicLongArray length", 1));
          for (int i = 0; i < a.length(); i++) {
            a.set(i, c.readVarInt64());
          }
          return a;
        }
        case 6: {
          AtomicReferenceArray<Object> a = new AtomicReferenceArray<>(c.readLength("AtomicReferenceArray length", 1));
          c.reference(a);
          for (int i = 0; i < a.length(); i++) {
            a.set(i, c.readObject());
          }
          return a;
        }
        case 7: {
          LongAdder a = new LongAdder();
          a.add(c.readVarInt64());
          return a;
        }
        default: {
          DoubleAdder a = new DoubleAdder();
          a.add(c.readFloat64());
          return a;
        }
      }
    }
  };

  // ---------------------------------------------------------------- Locale, Currency, Charset

  /**
   * Locale: language, script, country, variant ({@code string}s), then {@code n:varuint32} extensions
   * as a key char ({@code u16}) and value. Rebuilt with {@code new Locale(language, country,
   * variant)}, which keeps old-style variants and the JDK's special cases (ja_JP_JP, th_TH_TH); a
   * locale with a script or extensions through {@code Locale.Builder}. A locale neither can rebuild
   * is refused when written.
   */
  static final Serializer<Locale> LOCALE = new Serializer<>() {
    @Override public void write(WriteContext c, Locale v) {
      Set<Character> keys = v.getExtensionKeys();
      if (!rebuild(v.getLanguage(), v.getScript(), v.getCountry(), v.getVariant(), keys, v).equals(v)) {
        throw new BrineException("the locale " + v + " cannot be rebuilt through Locale's public API; write its"
            + " language tag (Locale.toLanguageTag()) instead");
      }
      c.writeString(v.getLanguage());
      c.writeString(v.getScript());
      c.writeString(v.getCountry());
      c.writeString(v.getVariant());
      c.writeVarUInt32(keys.size());
      for (char k : keys) {
        c.writeChar(k);
        c.writeString(v.getExtension(k));
      }
    }

    @Override public Locale read(ReadContext c) {
      String language = c.readString();
      String script = c.readString();
      String country = c.readString();
      String variant = c.readString();
      int n = c.readLength("locale extensions", 3);
      java.util.Map<Character, String> ext = new java.util.LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        ext.put(c.readChar(), c.readString());
      }
      Locale plain = new Locale(language, country, variant);
      if (script.isEmpty() && ext.equals(extensions(plain))) {
        return plain;
      }
      try {
        Locale.Builder b = new Locale.Builder().setLanguage(language).setScript(script).setRegion(country).setVariant(variant);
        for (var e : ext.entrySet()) {
          b.setExtension(e.getKey(), e.getValue());
        }
        return b.build();
      } catch (java.util.IllformedLocaleException e) {
        throw new MalformedInputException("ill-formed locale before offset " + c.position() + ": " + e.getMessage(), e);
      }
    }

    private Locale rebuild(String language, String script, String country, String variant, Set<Character> keys, Locale v) {
      Locale plain = new Locale(language, country, variant);
      if (script.isEmpty() && extensions(plain).equals(extensions(v))) {
        return plain;
      }
      try {
        Locale.Builder b = new Locale.Builder().setLanguage(language).setScript(script).setRegion(country).setVariant(variant);
        for (char k : keys) {
          b.setExtension(k, v.getExtension(k));
        }
        return b.build();
      } catch (java.util.IllformedLocaleException e) {
        return plain;
      }
    }

    private java.util.Map<Character, String> extensions(Locale l) {
      java.util.Map<Character, String> m = new java.util.LinkedHashMap<>();
      for (char k : l.getExtensionKeys()) {
        m.put(k, l.getExtension(k));
      }
      return m;
    }
  };

  /** Currency: its ISO 4217 code; {@code Currency.getInstance} returns the shared instance. */
  static final Serializer<Currency> CURRENCY = new Serializer<>() {
    @Override public void write(WriteContext c, Currency v) { c.writeString(v.getCurrencyCode()); }
    @Override public Currency read(ReadContext c) { return Currency.getInstance(c.readString()); }
  };

  /** Charset: its canonical name; {@code Charset.forName} returns the JDK's instance. */
  static final Serializer<Charset> CHARSET = new Serializer<>() {
    @Override public void write(WriteContext c, Charset v) {
      if (!Charset.isSupported(v.name()) || Charset.forName(v.name()).getClass() != v.getClass()) {
        throw new BrineException("the charset " + v.name() + " (" + v.getClass().getName()
            + ") is not the one Charset.forName finds by its name, so it cannot be read back; write its name");
      }
      c.writeString(v.name());
    }

    @Override public Charset read(ReadContext c) { return Charset.forName(c.readString()); }
  };

  // ---------------------------------------------------------------- URI, URL, addresses

  /** URI: its string form. */
  static final Serializer<URI> URI_SERIALIZER = new Serializer<>() {
    @Override public void write(WriteContext c, URI v) { c.writeString(v.toString()); }
    @Override public URI read(ReadContext c) {
      int at = c.position();
      try {
        return new URI(c.readString());
      } catch (URISyntaxException e) {
        throw new MalformedInputException("invalid URI at offset " + at + ": " + e.getMessage(), e);
      }
    }
  };

  /** Protocols {@code new URL(String)} is known to accept here (checked once per protocol when written). */
  private static final Set<String> URL_PROTOCOLS = ConcurrentHashMap.newKeySet();

  /** URL: its external form, read back with {@code new URL(String)}; a URL of a protocol that needs its own handler is refused when written. */
  static final Serializer<URL> URL_SERIALIZER = new Serializer<>() {
    @Override public void write(WriteContext c, URL v) {
      String form = v.toExternalForm();
      if (!URL_PROTOCOLS.contains(v.getProtocol())) {
        try {
          if (!new URL(form).toExternalForm().equals(form)) { // (URL.equals would look host names up)
            throw new BrineException("the URL " + form + " does not come back equal from its external form");
          }
          URL_PROTOCOLS.add(v.getProtocol());
        } catch (MalformedURLException e) {
          throw new BrineException("the URL " + form + " cannot be read back without its own URLStreamHandler: " + e.getMessage(), e);
        }
      }
      c.writeString(form);
    }

    @Override public URL read(ReadContext c) {
      int at = c.position();
      try {
        return new URL(c.readString());
      } catch (MalformedURLException e) {
        throw new MalformedInputException("invalid URL at offset " + at + ": " + e.getMessage(), e);
      }
    }
  };

  /**
   * InetAddress (v4 or v6): the host name as it is held ({@code nstring}; no lookup is made, null when
   * there is none), the address bytes ({@code n:varuint32} + bytes, 4 or 16) and for v6 the scope id
   * ({@code varint32}).
   */
  static final Serializer<InetAddress> INET_ADDRESS = new Serializer<>() {
    @Override public void write(WriteContext c, InetAddress v) {
      String s = v.toString(); // "host/literal" without a lookup; "/literal" when no host name is held
      int slash = s.indexOf('/');
      c.writeNullableString(slash <= 0 ? null : s.substring(0, slash));
      byte[] a = v.getAddress();
      c.writeVarUInt32(a.length);
      c.writeBytes(a, 0, a.length);
      if (a.length == 16) {
        c.writeVarInt32(((java.net.Inet6Address) v).getScopeId());
      }
    }

    @Override public InetAddress read(ReadContext c) {
      int at = c.position();
      String host = c.readNullableString();
      int n = c.readLength("address bytes", 1);
      if (n != 4 && n != 16) {
        throw new MalformedInputException("an InetAddress of " + n + " bytes at offset " + at);
      }
      byte[] a = c.readBytes(n);
      try {
        if (n == 16) {
          int scope = c.readVarInt32();
          return scope == 0 ? InetAddress.getByAddress(host, a) : java.net.Inet6Address.getByAddress(host, a, scope);
        }
        return InetAddress.getByAddress(host, a);
      } catch (UnknownHostException e) {
        throw new MalformedInputException("invalid InetAddress at offset " + at + ": " + e.getMessage(), e);
      }
    }
  };

  /** InetSocketAddress: {@code u8} 1 if unresolved, the port ({@code varuint32}), then the host string (unresolved) or the InetAddress (tagged). */
  static final Serializer<InetSocketAddress> INET_SOCKET_ADDRESS = new Serializer<>() {
    @Override public void write(WriteContext c, InetSocketAddress v) {
      c.writeBoolean(v.isUnresolved());
      c.writeVarUInt32(v.getPort());
      if (v.isUnresolved()) {
        c.writeString(v.getHostString());
      } else {
        c.writeObject(v.getAddress());
      }
    }

    @Override public InetSocketAddress read(ReadContext c) {
      boolean unresolved = c.readBoolean();
      int port = c.readVarUInt32();
      if (unresolved) {
        return InetSocketAddress.createUnresolved(c.readString(), port);
      }
      return new InetSocketAddress(c.readObject(InetAddress.class), port);
    }
  };

  // ---------------------------------------------------------------- files, patterns, zones, builders

  /** A Path of the default file system: its string form, read back with {@code Path.of}. */
  static final Serializer<Path> PATH = new Serializer<>() {
    @Override public void write(WriteContext c, Path v) {
      if (v.getFileSystem() != FileSystems.getDefault()) {
        throw new BrineException("the path " + v + " belongs to the file system " + v.getFileSystem()
            + ", not the default one; write its string (or URI) instead");
      }
      c.writeString(v.toString());
    }

    @Override public Path read(ReadContext c) { return Path.of(c.readString()); }
  };

  /** File: its path string. */
  static final Serializer<File> FILE = new Serializer<>() {
    @Override public void write(WriteContext c, File v) { c.writeString(v.getPath()); }
    @Override public File read(ReadContext c) { return new File(c.readString()); }
  };

  /** Pattern: the regular expression ({@code string}) and its flags ({@code varuint32}). */
  static final Serializer<Pattern> PATTERN = new Serializer<>() {
    @Override public void write(WriteContext c, Pattern v) {
      c.writeString(v.pattern());
      c.writeVarUInt32(v.flags());
    }

    @Override public Pattern read(ReadContext c) { return Pattern.compile(c.readString(), c.readVarUInt32()); }
  };

  /** A TimeZone of the JDK's database ({@code sun.util.calendar.ZoneInfo}): its id; one whose rules were changed is refused when written. */
  static final Serializer<TimeZone> TIME_ZONE = new Serializer<>() {
    @Override public void write(WriteContext c, TimeZone v) {
      TimeZone same = TimeZone.getTimeZone(v.getID());
      if (!same.getID().equals(v.getID()) || !same.hasSameRules(v)) {
        throw new BrineException("the time zone " + v.getID() + " has rules of its own (not those of its id);"
            + " use a SimpleTimeZone or a java.time ZoneId");
      }
      c.writeString(v.getID());
    }

    @Override public TimeZone read(ReadContext c) {
      int at = c.position();
      String id = c.readString();
      TimeZone z = TimeZone.getTimeZone(id);
      if (!z.getID().equals(id)) {
        throw new MalformedInputException("unknown time zone id " + id + " at offset " + at);
      }
      return z;
    }
  };

  /**
   * {@code GregorianCalendar} ({@link dev.brine.registry.TypeIds#GREGORIAN_CALENDAR}): what its {@code
   * equals} compares — the time zone (by id, as {@link #TIME_ZONE}), the time, lenient, the week rules
   * and the Julian to Gregorian change.
   */
  static final Serializer<java.util.GregorianCalendar> GREGORIAN_CALENDAR = new Serializer<>() {
    @Override public void write(WriteContext c, java.util.GregorianCalendar v) {
      TIME_ZONE.write(c, v.getTimeZone());
      c.writeVarInt64(v.getTimeInMillis());
      c.writeBoolean(v.isLenient());
      c.writeInt8(v.getFirstDayOfWeek());
      c.writeInt8(v.getMinimalDaysInFirstWeek());
      c.writeVarInt64(v.getGregorianChange().getTime());
    }

    @Override public java.util.GregorianCalendar read(ReadContext c) {
      TimeZone zone = TIME_ZONE.read(c);
      long time = c.readVarInt64();
      boolean lenient = c.readBoolean();
      int at = c.position();
      int firstDay = c.readInt8();
      int minimalDays = c.readInt8();
      long change = c.readVarInt64();
      if (firstDay < java.util.Calendar.SUNDAY || firstDay > java.util.Calendar.SATURDAY || minimalDays < 1 || minimalDays > 7) {
        throw new MalformedInputException("GregorianCalendar with first day of week " + firstDay + " and " + minimalDays
            + " minimal days in the first week at offset " + at + " (1 to 7 each)");
      }
      java.util.GregorianCalendar g = new java.util.GregorianCalendar(zone, Locale.ROOT);
      g.setGregorianChange(new java.util.Date(change));
      g.setLenient(lenient);
      g.setFirstDayOfWeek(firstDay);
      g.setMinimalDaysInFirstWeek(minimalDays);
      g.setTimeInMillis(time);
      return g;
    }
  };

  /** StringBuilder ({@code kind} 0) and StringBuffer (1): the characters as a {@code string}. */
  static final Serializer<CharSequence> STRING_BUILDER = new Serializer<>() {
    @Override public void write(WriteContext c, CharSequence v) {
      c.writeInt8(v instanceof StringBuilder ? 0 : 1);
      c.writeString(v.toString());
    }

    @Override public CharSequence read(ReadContext c) {
      return kind(c, 2, "string builder") == 0 ? new StringBuilder(c.readString()) : new StringBuffer(c.readString());
    }
  };
}
