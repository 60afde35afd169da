package com.cmp.polling.schemas.json;

import com.cmp.polling.schemas.Topic;
import com.cmp.polling.schemas.task.CheckTask;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns payload records into JSON bytes and back. A consumer sees either a record whose JSON
 * satisfies the topic's JSON Schema or an {@link InvalidPayloadException} listing every problem.
 * Writing does not validate (it is on the scheduler's hot path); the contract tests prove that what
 * the records write satisfies the schemas. Reading takes a shortcut for exactly those bytes: a
 * payload identical to what {@link #encode} writes for the record it reads as is valid by that
 * proof, so only other payloads (other writers, hand-made, malformed) go through the schema, which
 * costs several times the binding.
 *
 * <p>Thread-safe; create one and share it.
 */
public final class PayloadCodec {

  private static final String SCHEMA_RESOURCE = "/schemas/%s.schema.json";

  private final JsonMapper mapper;
  // The hand-written task writer matches the default mapper's bytes only; a codec given another
  // mapper writes everything with that mapper.
  private final boolean defaultMapper;
  // Problems are located with JSON paths ("$.cardId"), like the codec's own messages.
  private final SchemaRegistry registry =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          builder ->
              builder.schemaRegistryConfig(
                  SchemaRegistryConfig.builder().pathType(PathType.JSON_PATH).build()));
  private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

  public PayloadCodec() {
    this(JsonMapper.builder().build(), true);
  }

  public PayloadCodec(JsonMapper mapper) {
    this(mapper, false);
  }

  private PayloadCodec(JsonMapper mapper, boolean defaultMapper) {
    this.mapper = mapper;
    this.defaultMapper = defaultMapper;
  }

  public <T> byte[] encode(Topic<T> topic, T payload) {
    if (defaultMapper && payload instanceof CheckTask task) {
      byte[] written = CheckTaskWriter.write(task);
      if (written != null) {
        return written;
      }
    }
    return mapper.writeValueAsBytes(payload);
  }

  /**
   * @throws InvalidPayloadException if the bytes are not JSON, break the topic's schema or do not
   *     map onto its record
   */
  public <T> T decode(Topic<T> topic, byte[] json) {
    T canonical = asOurOwn(topic, json);
    if (canonical != null) {
      return canonical;
    }
    JsonNode tree = parse(topic, json);
    List<String> problems = problems(topic, tree);
    if (!problems.isEmpty()) {
      throw new InvalidPayloadException(topic.name(), problems, null);
    }
    try {
      return mapper.treeToValue(tree, topic.payloadType());
    } catch (JacksonException | IllegalArgumentException e) {
      throw new InvalidPayloadException(topic.name(), List.of(rootMessage(e)), e);
    }
  }

  /**
   * The record, when {@code json} is byte for byte what {@link #encode} writes for it; else null
   * (the caller then checks the schema). Any failure here just means "not our own bytes".
   */
  private <T> T asOurOwn(Topic<T> topic, byte[] json) {
    if (json == null || json.length == 0 || json[0] != '{') {
      return null;
    }
    try {
      T value =
          defaultMapper && topic.payloadType() == CheckTask.class
              ? topic.payloadType().cast(CheckTaskReader.read(json))
              : null;
      if (value == null) {
        value = mapper.readValue(json, topic.payloadType());
      }
      // encode, not the mapper: for tasks it writes the same bytes by hand, faster.
      return value != null && Arrays.equals(json, encode(topic, value)) ? value : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Everything wrong with {@code json} as a payload of {@code topic}; empty when it is valid. */
  public List<String> validate(Topic<?> topic, byte[] json) {
    try {
      return problems(topic, parse(topic, json));
    } catch (InvalidPayloadException e) {
      return e.problems();
    }
  }

  private JsonNode parse(Topic<?> topic, byte[] json) {
    if (json == null || json.length == 0) {
      throw new InvalidPayloadException(topic.name(), List.of("$: the value is empty"), null);
    }
    try {
      return mapper.readTree(json);
    } catch (JacksonException e) {
      throw new InvalidPayloadException(
          topic.name(), List.of("$: not JSON (" + e.getOriginalMessage() + ")"), e);
    }
  }

  private List<String> problems(Topic<?> topic, JsonNode tree) {
    if (topic.schema().isEmpty()) {
      return List.of();
    }
    Schema schema = schemas.computeIfAbsent(topic.schemaName(), this::load);
    return schema
        .validate(
            tree,
            context ->
                context.executionConfig(
                    // Dates must really be date-times; messages stay English on any machine.
                    config -> config.formatAssertionsEnabled(true).locale(Locale.ENGLISH)))
        .stream()
        .map(PayloadCodec::describe)
        .toList();
  }

  /** "$.cardId: string found, integer expected" */
  private static String describe(Error error) {
    return error.getInstanceLocation() + ": " + error.getMessage();
  }

  private Schema load(String schemaName) {
    String resource = SCHEMA_RESOURCE.formatted(schemaName);
    try (InputStream in = PayloadCodec.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("JSON Schema " + resource + " is not on the classpath");
      }
      return registry.getSchema(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read JSON Schema " + resource, e);
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return "$: " + root.getMessage();
  }
}
