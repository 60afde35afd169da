package com.cmp.polling.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.utility.DockerImageName;

/**
 * The probe against whatever this machine has: without a Docker engine only the first case runs
 * (and finds no engine); with one (started by hand, or by CI's stack proof), all of them, on images
 * made here, never pulled: the first then asks the engine for an image no registry has, which is
 * the fall-back a machine with Docker but no registry takes.
 */
class DockerProbeIT {

  private static final Duration PULL_TIMEOUT = Duration.ofSeconds(20);

  @Test
  void anImageNeitherPresentNorPullable_keepsTheTestsOnEmbeddedServers_sayingWhich() {
    DockerImageName absent = DockerImageName.parse("cmp-polling-probe/absent:" + UUID.randomUUID());

    long start = System.nanoTime();
    DockerProbe.Verdict verdict = DockerProbe.probe(List.of(absent), false, PULL_TIMEOUT);
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(verdict.useDocker()).isFalse();
    // Bounded by the pull timeout, not by Testcontainers' minutes of retries per test class.
    assertThat(took).isLessThan(PULL_TIMEOUT.plusSeconds(10));
    assertThat(verdict.reason())
        .contains(engineAnswers() ? absent.asCanonicalNameString() : "no Docker engine answers");
  }

  @Test
  void withEveryImagePresent_andRyukDisabled_theTestsUseTestcontainers() throws IOException {
    assumeTrue(engineAnswers(), "no Docker engine here");
    DockerImageName present =
        DockerImageName.parse("cmp-polling-probe/present:" + UUID.randomUUID());
    try (DockerClient client = client()) {
      buildEmptyImage(client, present);
      try {
        DockerProbe.Verdict verdict = DockerProbe.probe(List.of(present), false, PULL_TIMEOUT);

        assertThat(verdict.useDocker()).as(verdict.reason()).isTrue();
        assertThat(verdict.reason()).contains(present.asCanonicalNameString()).contains("present");
      } finally {
        client.removeImageCmd(present.asCanonicalNameString()).withForce(true).exec();
      }
    }
  }

  @Test
  void withRyukEnabled_itsImageIsNeededToo_presentOrPulledOrTheVerdictIsNo() throws IOException {
    assumeTrue(engineAnswers(), "no Docker engine here");

    DockerProbe.Verdict verdict = DockerProbe.probe(List.of(), true, PULL_TIMEOUT);

    assertThat(verdict.reason()).contains(TestImages.RYUK.asCanonicalNameString());
    try (DockerClient client = client()) {
      assertThat(verdict.useDocker()).as(verdict.reason()).isEqualTo(has(client, TestImages.RYUK));
    }
  }

  private static boolean engineAnswers() {
    return DockerProbe.engineAnswers();
  }

  private static DockerClient client() {
    return DockerClientProviderStrategy.getClientForConfig(
        DockerClientFactory.instance().getTransportConfig());
  }

  /**
   * An image of no layer, built here from {@code scratch}, which no registry serves. (The engine's
   * import from a stream would be shorter, but docker-java sends that request's body as JSON, which
   * the engine rejects as a broken tar archive.)
   */
  private static void buildEmptyImage(DockerClient client, DockerImageName name)
      throws IOException {
    Path context = Files.createTempDirectory("cmp-probe-image");
    try {
      Path dockerfile =
          Files.writeString(
              context.resolve("Dockerfile"), "FROM scratch\nLABEL cmp-polling-probe=present\n");
      client
          .buildImageCmd(dockerfile.toFile())
          .withTags(Set.of(name.asCanonicalNameString()))
          .start()
          .awaitImageId(60, TimeUnit.SECONDS);
    } finally {
      Files.deleteIfExists(context.resolve("Dockerfile"));
      Files.deleteIfExists(context);
    }
  }

  private static boolean has(DockerClient client, DockerImageName name) {
    try {
      client.inspectImageCmd(name.asCanonicalNameString()).exec();
      return true;
    } catch (NotFoundException e) {
      return false;
    }
  }
}
