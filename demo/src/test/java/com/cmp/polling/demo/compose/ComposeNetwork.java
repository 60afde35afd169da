package com.cmp.polling.demo.compose;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the Compose network and volumes are to an app, played by the test's servers: the address
 * {@code service:port} of each infrastructure service (in URLs, or as a {@code *_HOST} variable
 * with its {@code *_PORT} sibling), a database of a service under another name, and the container
 * paths of volumes. Only these values change; every variable name and every other value reaches the
 * app as Compose resolved it.
 */
final class ComposeNetwork {

  private record Address(String host, int port) {}

  /** service → container port → where the test's server listens */
  private final Map<String, Map<Integer, Address>> services = new LinkedHashMap<>();

  /** service → its database's name in the compose file → the test's database */
  private final Map<String, Map<String, String>> databases = new HashMap<>();

  /** container path → host directory */
  private final Map<String, Path> volumes = new LinkedHashMap<>();

  ComposeNetwork service(String name, int containerPort, String host, int port) {
    services
        .computeIfAbsent(name, n -> new HashMap<>())
        .put(containerPort, new Address(host, port));
    return this;
  }

  ComposeNetwork database(String service, String composeName, String testName) {
    databases.computeIfAbsent(service, s -> new HashMap<>()).put(composeName, testName);
    return this;
  }

  ComposeNetwork volume(String containerPath, Path hostDirectory) {
    volumes.put(containerPath, hostDirectory);
    return this;
  }

  /** The environment as the app sees it on this network. */
  Map<String, String> map(Map<String, String> environment) {
    Map<String, String> mapped = new LinkedHashMap<>();
    Map<String, String> hostVariables = new HashMap<>(); // prefix of X_HOST → service
    environment.forEach(
        (name, value) -> {
          if (name.endsWith("_HOST") && services.containsKey(value)) {
            hostVariables.put(name.substring(0, name.length() - "HOST".length()), value);
            mapped.put(name, services.get(value).values().iterator().next().host());
          } else {
            mapped.put(name, paths(addresses(value)));
          }
        });
    environment.forEach(
        (name, value) -> {
          if (name.endsWith("_PORT")) {
            String service = hostVariables.get(name.substring(0, name.length() - "PORT".length()));
            Address address = service == null ? null : portOf(service, value);
            if (address != null) {
              mapped.put(name, Integer.toString(address.port()));
            }
          }
        });
    return mapped;
  }

  private Address portOf(String service, String containerPort) {
    try {
      return services.get(service).get(Integer.parseInt(containerPort));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** {@code postgres:5432/cmp} → the test's host, port and database; {@code kafka:19092} ... */
  private String addresses(String value) {
    String result = value;
    for (var service : services.entrySet()) {
      for (var port : service.getValue().entrySet()) {
        Pattern pattern =
            Pattern.compile(
                "(?<![\\w.-])"
                    + Pattern.quote(service.getKey() + ":" + port.getKey())
                    + "(/\\w+)?\\b");
        Matcher matcher = pattern.matcher(result);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
          Address address = port.getValue();
          String replacement = address.host() + ":" + address.port();
          if (matcher.group(1) != null) {
            String database = matcher.group(1).substring(1);
            replacement +=
                "/"
                    + databases
                        .getOrDefault(service.getKey(), Map.of())
                        .getOrDefault(database, database);
          }
          matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        result = out.toString();
      }
    }
    return result;
  }

  private String paths(String value) {
    for (var volume : volumes.entrySet()) {
      if (value.equals(volume.getKey()) || value.startsWith(volume.getKey() + "/")) {
        return volume.getValue() + value.substring(volume.getKey().length());
      }
    }
    return value;
  }
}
