package com.cmp.polling.schemas.json;

import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.module.blackbird.BlackbirdModule;

/**
 * JMH: one check task written and read by the hand-written codec ({@link CheckTaskWriter}, {@link
 * CheckTaskReader}) against Jackson's {@link ObjectWriter}/{@link ObjectReader} made once and
 * reused, plain and with the Blackbird module. It lives in the codec's package to reach its
 * package-private classes. The tasks are those the scheduler writes: one burst, due within a few
 * seconds, millisecond instants, about one in eight with a lease.
 *
 * <p>Run: see docs/benchmarks.md, "Hand-written pieces against libraries".
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = "-Xmx512m")
public class TaskCodecBenchmark {

  private static final int TASKS = 1024;

  private final CheckTask[] tasks = new CheckTask[TASKS];
  private final byte[][] json = new byte[TASKS][];
  private ObjectWriter jacksonWriter;
  private ObjectReader jacksonReader;
  private ObjectWriter blackbirdWriter;
  private ObjectReader blackbirdReader;
  private int next;

  @Setup
  public void makeTasks() {
    Instant burst = Instant.parse("2026-12-01T06:00:00.123Z");
    TaskType[] types = TaskType.values();
    for (int i = 0; i < TASKS; i++) {
      Instant due = burst.plusMillis(i * 7L);
      tasks[i] =
          new CheckTask(
              1_000_000L + i * 37L,
              types[i % types.length],
              due,
              burst.plusMillis(850),
              i % 16 == 0,
              i % 8 == 0 ? due.plusSeconds(300) : null);
      json[i] = CheckTaskWriter.write(tasks[i]);
    }
    JsonMapper plain = JsonMapper.builder().build();
    JsonMapper blackbird = JsonMapper.builder().addModule(new BlackbirdModule()).build();
    jacksonWriter = plain.writerFor(CheckTask.class);
    jacksonReader = plain.readerFor(CheckTask.class);
    blackbirdWriter = blackbird.writerFor(CheckTask.class);
    blackbirdReader = blackbird.readerFor(CheckTask.class);
    for (int i = 0; i < TASKS; i++) {
      // All four must agree, or the comparison means nothing.
      if (!Arrays.equals(json[i], jacksonWriter.writeValueAsBytes(tasks[i]))
          || !Arrays.equals(json[i], blackbirdWriter.writeValueAsBytes(tasks[i]))
          || !tasks[i].equals(CheckTaskReader.read(json[i]))
          || !tasks[i].equals(jacksonReader.readValue(json[i]))
          || !tasks[i].equals(blackbirdReader.readValue(json[i]))) {
        throw new IllegalStateException("codecs disagree on " + tasks[i]);
      }
    }
  }

  private int nextIndex() {
    next = (next + 1) & (TASKS - 1);
    return next;
  }

  @Benchmark
  public byte[] writeHandWritten() {
    return CheckTaskWriter.write(tasks[nextIndex()]);
  }

  @Benchmark
  public byte[] writeJacksonObjectWriter() {
    return jacksonWriter.writeValueAsBytes(tasks[nextIndex()]);
  }

  @Benchmark
  public byte[] writeJacksonBlackbird() {
    return blackbirdWriter.writeValueAsBytes(tasks[nextIndex()]);
  }

  @Benchmark
  public CheckTask readHandWritten() {
    return CheckTaskReader.read(json[nextIndex()]);
  }

  @Benchmark
  public CheckTask readJacksonObjectReader() {
    return jacksonReader.readValue(json[nextIndex()]);
  }

  @Benchmark
  public CheckTask readJacksonBlackbird() {
    return blackbirdReader.readValue(json[nextIndex()]);
  }
}
