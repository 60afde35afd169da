package com.cmp.polling.demo.compose;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code docker-compose.yml} read as Compose reads it: YAML anchors and merge keys ({@code <<})
 * applied by SnakeYAML, then every value a service uses here interpolated with the given variables.
 */
final class ComposeFile {

  private final Map<String, Object> services;
  private final ComposeInterpolation interpolation;

  private ComposeFile(Map<String, Object> services, ComposeInterpolation interpolation) {
    this.services = services;
    this.interpolation = interpolation;
  }

  /**
   * @param variables the shell's variables as Compose would see them
   */
  @SuppressWarnings("unchecked")
  static ComposeFile read(Path file, Map<String, String> variables) {
    try (Reader reader = Files.newBufferedReader(file)) {
      Map<String, Object> root = new Yaml().load(reader);
      return new ComposeFile(
          (Map<String, Object>) root.get("services"), new ComposeInterpolation(variables));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /**
   * The service's {@code environment}, interpolated; a variable listed without a value takes the
   * shell's value if there is one and is left out otherwise, as Compose does.
   */
  Map<String, String> environment(String service) {
    Object environment = service(service).get("environment");
    Map<String, String> resolved = new LinkedHashMap<>();
    if (environment instanceof Map<?, ?> map) {
      map.forEach((name, value) -> put(resolved, name.toString(), value));
    } else if (environment instanceof List<?> list) {
      for (Object entry : list) {
        String text = entry.toString();
        int equals = text.indexOf('=');
        put(
            resolved,
            equals < 0 ? text : text.substring(0, equals),
            equals < 0 ? null : text.substring(equals + 1));
      }
    }
    return resolved;
  }

  private void put(Map<String, String> resolved, String name, Object value) {
    if (value == null) {
      String fromShell = interpolation.resolve("${" + name + "}");
      if (!fromShell.isEmpty()) {
        resolved.put(name, fromShell);
      }
    } else {
      resolved.put(name, interpolation.resolve(value.toString()));
    }
  }

  /** The URL the service's health check calls with curl (its last argument that is a URL). */
  URI healthCheckUrl(String service) {
    Map<?, ?> healthcheck = (Map<?, ?>) service(service).get("healthcheck");
    List<?> test = (List<?>) healthcheck.get("test");
    for (int i = test.size() - 1; i >= 0; i--) {
      String argument = interpolation.resolve(test.get(i).toString());
      if (argument.startsWith("http://")) {
        return URI.create(argument);
      }
    }
    throw new IllegalStateException("the health check of " + service + " calls no URL: " + test);
  }

  /** The container side of each published port ({@code "127.0.0.1:9080:9080"} gives 9080). */
  List<Integer> containerPorts(String service) {
    List<Integer> ports = new ArrayList<>();
    Object published = service(service).get("ports");
    if (published instanceof List<?> list) {
      for (Object port : list) {
        String text = interpolation.resolve(port.toString());
        ports.add(Integer.parseInt(text.substring(text.lastIndexOf(':') + 1)));
      }
    }
    return ports;
  }

  /**
   * Container paths of the service's volumes ({@code listener-state:/app/data} gives /app/data).
   */
  List<String> volumePaths(String service) {
    List<String> paths = new ArrayList<>();
    Object volumes = service(service).get("volumes");
    if (volumes instanceof List<?> list) {
      for (Object volume : list) {
        String[] parts = interpolation.resolve(volume.toString()).split(":");
        paths.add(parts[1]);
      }
    }
    return paths;
  }

  /** The value of the service's {@code build.args.MODULE}: which module's jar it runs. */
  String module(String service) {
    Map<?, ?> build = (Map<?, ?>) service(service).get("build");
    return ((Map<?, ?>) build.get("args")).get("MODULE").toString();
  }

  private Map<?, ?> service(String name) {
    Object service = services.get(name);
    if (!(service instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException("docker-compose.yml has no service " + name);
    }
    return map;
  }
}
