package com.cmp.polling.demo.compose;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;

/**
 * The ports an app's executable jar listens on by default, from its {@code application.yml}.
 *
 * @param serverPort {@code server.port}: the API, or the actuator of an app without API
 * @param managementPort {@code management.server.port}: the actuator's own server; null where the
 *     actuator is on the app's one server (the scheduler)
 */
record AppYaml(int serverPort, Integer managementPort) {

  /** Where the actuator answers. */
  int actuatorPort() {
    return managementPort != null ? managementPort : serverPort;
  }

  static AppYaml of(Path jar) {
    try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of());
        InputStream yaml = Files.newInputStream(zip.getPath("BOOT-INF/classes/application.yml"))) {
      Map<String, Object> root = new Yaml().load(yaml);
      return new AppYaml(
          port(root, "server", "port"), optionalPort(root, "management", "server", "port"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read application.yml from " + jar, e);
    }
  }

  private static Integer optionalPort(Map<String, Object> root, String... path) {
    try {
      return port(root, path);
    } catch (IllegalStateException absent) {
      return null;
    }
  }

  private static int port(Map<String, Object> root, String... path) {
    Object node = root;
    for (String key : path) {
      if (!(node instanceof Map<?, ?> map) || !map.containsKey(key)) {
        throw new IllegalStateException("application.yml has no " + String.join(".", path));
      }
      node = map.get(key);
    }
    return ((Number) node).intValue();
  }
}
