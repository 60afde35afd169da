package com.cmp.polling.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.testcontainers.utility.DockerImageName;

class TestImagesTest {

  /**
   * Testcontainers names Ryuk's image in the constructor of its RyukContainer; the probe checks the
   * same image, so a Testcontainers upgrade that moves to another tag fails here first.
   */
  @Test
  void ryukImage_isTheOneTestcontainersStarts() throws IOException {
    String classFile;
    try (InputStream in =
        getClass().getResourceAsStream("/org/testcontainers/utility/RyukContainer.class")) {
      assertThat(in).as("Testcontainers' RyukContainer class").isNotNull();
      classFile = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }
    Matcher named = Pattern.compile("testcontainers/ryuk:[0-9A-Za-z._-]+").matcher(classFile);

    assertThat(named.find()).as("an image name in RyukContainer").isTrue();
    assertThat(TestImages.RYUK.asCanonicalNameString()).isEqualTo(named.group());
  }

  @Test
  void aVariable_namesAReplacement_declaredCompatibleWithThePublicImage() {
    System.setProperty("cmp.test.redis.image", "cmp-standin/redis:7.0");
    try {
      var image = TestImages.redis();

      assertThat(image.asCanonicalNameString()).isEqualTo("cmp-standin/redis:7.0");
      assertThat(image.isCompatibleWith(DockerImageName.parse("redis"))).isTrue();
    } finally {
      System.clearProperty("cmp.test.redis.image");
    }
  }
}
