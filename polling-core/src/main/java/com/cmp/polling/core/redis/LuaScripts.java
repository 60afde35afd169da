package com.cmp.polling.core.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Lua scripts from the classpath, read once. A script built on a classpath resource asks that
 * resource on every call whether it changed; inside a packaged app that lookup costs more than the
 * script itself.
 */
public final class LuaScripts {

  private LuaScripts() {}

  /**
   * @param resource classpath location, e.g. {@code com/cmp/polling/core/queue/scripts/x.lua}
   * @throws IllegalStateException when the script is not on the classpath
   */
  public static <T> RedisScript<T> load(String resource, Class<T> resultType) {
    try (InputStream in = LuaScripts.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("Lua script " + resource + " is not on the classpath");
      }
      return RedisScript.of(new String(in.readAllBytes(), StandardCharsets.UTF_8), resultType);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read Lua script " + resource, e);
    }
  }
}
