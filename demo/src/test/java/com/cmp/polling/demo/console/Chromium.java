package com.cmp.polling.demo.console;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium for the browser tests: Debian's {@code chromium} and {@code chromium-driver} at
 * their fixed paths (.ci/run installs them), a fresh profile, no network use of its own. Selenium
 * Manager is never asked for anything: driver and browser are both named.
 */
final class Chromium {

  static final Path BROWSER = Path.of("/usr/bin/chromium");
  static final Path DRIVER = Path.of("/usr/bin/chromedriver");

  private Chromium() {}

  /** Skips the calling test class, saying why, when the browser or its driver is missing. */
  static void assumeInstalled() {
    Assumptions.assumeTrue(
        Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER),
        "browser tests skipped: "
            + BROWSER
            + " and "
            + DRIVER
            + " are needed (apt-get install chromium chromium-driver)");
  }

  static ChromeDriver start() throws IOException {
    System.setProperty("webdriver.chrome.driver", DRIVER.toString());
    ChromeOptions options = new ChromeOptions();
    options.setBinary(BROWSER.toFile());
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--window-size=1400,1800",
        "--user-data-dir=" + Files.createTempDirectory("cmp-chromium-profile"));
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build();
    return new ChromeDriver(service, options);
  }
}
