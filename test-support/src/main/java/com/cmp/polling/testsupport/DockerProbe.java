package com.cmp.polling.testsupport;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.ImageNameSubstitutor;

/**
 * Whether Testcontainers can serve the tests here: a Docker engine answers, and every image the
 * tests would start (and Ryuk, unless disabled) is present in the engine or pulled within a short
 * time. A machine with Docker but no registry (an offline laptop, an air-gapped CI) answers no at
 * once, instead of Testcontainers retrying its pulls for minutes in every test class.
 *
 * <p>It talks to the engine through a client of its own: Testcontainers' shared client starts Ryuk
 * on first use, which is one of the things being checked.
 */
final class DockerProbe {

  private DockerProbe() {}

  /** Testcontainers or not, and why. */
  record Verdict(boolean useDocker, String reason) {}

  /**
   * @param images the images the tests would run, as Testcontainers names them before its
   *     substitutions (its configured registry prefix and the like are applied here too)
   * @param withRyuk whether Testcontainers would start Ryuk first
   * @param pullTimeout how long all pulls together may take
   */
  static Verdict probe(List<DockerImageName> images, boolean withRyuk, Duration pullTimeout) {
    if (!engineAnswers()) {
      return new Verdict(false, "no Docker engine answers");
    }
    List<DockerImageName> needed = new ArrayList<>();
    if (withRyuk) {
      needed.add(TestImages.RYUK);
    }
    needed.addAll(images);
    long deadline = System.nanoTime() + pullTimeout.toNanos();
    try (DockerClient client =
        DockerClientProviderStrategy.getClientForConfig(
            DockerClientFactory.instance().getTransportConfig())) {
      List<String> pulled = new ArrayList<>();
      for (DockerImageName image : needed) {
        DockerImageName name = ImageNameSubstitutor.instance().apply(image);
        if (present(client, name)) {
          continue;
        }
        String failure = pull(client, name, Duration.ofNanos(deadline - System.nanoTime()));
        if (failure != null) {
          return new Verdict(false, "Docker engine found, but image " + name + " " + failure);
        }
        pulled.add(name.asCanonicalNameString());
      }
      return new Verdict(
          true,
          "Docker engine found with the images "
              + needed.stream().map(DockerImageName::asCanonicalNameString).toList()
              + (pulled.isEmpty() ? " present" : " (pulled now: " + pulled + ")"));
    } catch (IOException | RuntimeException e) {
      return new Verdict(false, "Docker engine found, but asking it for images failed: " + e);
    }
  }

  /**
   * Whether an engine answers a ping. Not {@code DockerClientFactory.isDockerAvailable()}: that
   * builds Testcontainers' shared client, which starts Ryuk, and on a machine without a registry
   * waits minutes on Ryuk's pull; finding the transport only tries the strategies (a ping each).
   */
  static boolean engineAnswers() {
    try (DockerClient client =
        DockerClientProviderStrategy.getClientForConfig(
            DockerClientFactory.instance().getTransportConfig())) {
      client.pingCmd().exec();
      return true;
    } catch (IOException | RuntimeException | LinkageError e) {
      return false;
    }
  }

  private static boolean present(DockerClient client, DockerImageName name) {
    try {
      client.inspectImageCmd(name.asCanonicalNameString()).exec();
      return true;
    } catch (NotFoundException e) {
      return false;
    }
  }

  /**
   * @return null once pulled, else what went wrong
   */
  private static String pull(DockerClient client, DockerImageName name, Duration within) {
    if (within.isNegative() || within.isZero()) {
      return "is not present and no time is left to pull it";
    }
    try {
      boolean done =
          client
              .pullImageCmd(name.getUnversionedPart())
              .withTag(name.getVersionPart())
              .start()
              .awaitCompletion(within.toMillis(), TimeUnit.MILLISECONDS);
      return done ? null : "is not present and was not pulled within " + within.toSeconds() + " s";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "is not present and its pull was interrupted";
    } catch (RuntimeException e) {
      return "is not present and cannot be pulled (" + firstLine(e) + ")";
    }
  }

  private static String firstLine(Throwable e) {
    String message = String.valueOf(e.getMessage()).strip();
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(0, end);
  }
}
