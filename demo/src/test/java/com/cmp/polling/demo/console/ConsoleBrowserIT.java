package com.cmp.polling.demo.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.switches.RuleSwitchCache;
import com.cmp.polling.core.switches.RuleSwitchStore;
import com.cmp.polling.core.switches.SwitchSetting;
import com.cmp.polling.demo.PipelineApps;
import com.cmp.polling.demo.TestEndpoints;
import com.cmp.polling.demo.infra.Endpoints;
import com.cmp.polling.operator.monitoring.FleetSnapshot;
import com.cmp.polling.scheduler.schedule.SchedulingLoop;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.status.schedule.HoldBackHistory;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * The console in headless Chromium against the whole pipeline (listener, scheduler, check handlers,
 * simulated carrier) on real servers. The scheduling loop is off: the test runs rounds itself, so
 * that the numbers it expects stay put until it moves them.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleBrowserIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final String TOKEN = "browser-test-token";
  static final Duration WAIT = Duration.ofSeconds(30);
  static PipelineApps apps;
  static ChromeDriver browser;
  static String console;
  static SimulatorControl carrier;
  static List<Long> dueCards = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    Chromium.assumeInstalled();
    // The browser needs nothing of the pipeline until the first page: it starts meanwhile.
    ExecutorService browserStart = Executors.newSingleThreadExecutor();
    Future<ChromeDriver> startingBrowser = browserStart.submit(Chromium::start);
    browserStart.shutdown();
    Endpoints endpoints = TestEndpoints.of(postgres, redis, kafka);
    try {
      apps =
          PipelineApps.start(
              endpoints,
              PipelineApps.Ports.ANY,
              TOKEN,
              simulator -> {},
              Map.of(
                  "server.address", "127.0.0.1",
                  "cmp.polling.scheduler.enabled", "false",
                  "cmp.polling.scheduler.initializer.enabled", "false",
                  "cmp.polling.scheduler.triggers.enabled", "false",
                  "cmp.polling.operator.monitoring.snapshot-interval", "500ms",
                  "cmp.polling.operator.monitoring.rate-sample", "1s",
                  "cmp.polling.planning.usage-aware.enabled", "true"));
    } finally {
      // Held even when the pipeline failed to start, so that stop() quits it.
      browser = startingBrowser.get();
    }
    console = "http://127.0.0.1:" + PipelineApps.port(apps.operator());
    carrier = apps.simulator().control();
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (apps != null) {
      apps.close();
    }
  }

  @Test
  @Order(1)
  void aPageWithoutLogin_redirectsToTheLoginForm() {
    browser.get(console + "/console/card?id=1");

    wait(browser).until(ExpectedConditions.urlContains("/console/login"));
    assertThat(browser.findElement(By.id("token")).isDisplayed()).isTrue();
  }

  @Test
  @Order(2)
  void aWrongToken_isRefused() {
    logIn("not-the-token");

    wait(browser).until(ExpectedConditions.visibilityOfElementLocated(By.id("refused")));
    assertThat(browser.getCurrentUrl()).contains("/console/login?error");
    browser.get(console + "/console/configs");
    wait(browser).until(ExpectedConditions.urlContains("/console/login"));
  }

  @Test
  @Order(3)
  void overview_showsThe300DueCardsTheTestMade_andTheyLeaveAfterARound() {
    PollingQueueManager queues = apps.scheduler().getBean(PollingQueueManager.class);
    for (int i = 0; i < 300; i++) {
      long card = postgres.data().card().insert();
      postgres.data().packageOfCard(card).status(1).usage("0", "0").insert();
      dueCards.add(card);
    }
    await("the change stream enrolls the 300 cards")
        .atMost(WAIT)
        .until(() -> queues.getTotalQueueDepth(TaskType.CARDDATA) == 300);
    Instant due = Instant.now().minusSeconds(30);
    dueCards.forEach(card -> queues.requeue(card, TaskType.CARDDATA, due));

    logIn(TOKEN);
    wait(browser).until(ExpectedConditions.urlMatches(".*/console/$"));
    wait(browser).until(d -> cell(d, "carddata", "due").equals("300"));
    assertThat(cell(browser, "carddata", "queued")).isEqualTo("300");
    assertThat(browser.findElements(By.cssSelector("#chart-dispatched .uplot"))).isNotEmpty();

    apps.scheduler().getBean(SchedulingLoop.class).runRound();

    wait(browser).until(d -> cell(d, "carddata", "due").equals("0"));
    await("the handlers check the 300 cards")
        .atMost(WAIT)
        .until(() -> carrier.calls().byCard().size() >= 300);
  }

  @Test
  @Order(4)
  void checkNow_makesTheCardsCheckHappen_atTheCarrier() {
    long card = dueCards.get(0);
    String iccid = iccidOf(card);
    int before = carrier.calls(iccid).getOrDefault("usage", 0);
    browser.get(console + "/console/card?id=" + card);
    WebElement button =
        wait(browser)
            .until(
                ExpectedConditions.elementToBeClickable(
                    By.cssSelector("button.check-now[data-type='carddata']")));

    button.click();
    browser.switchTo().alert().accept();
    wait(browser)
        .until(
            ExpectedConditions.textToBePresentInElementLocated(
                By.id("action-result"), "runs at the scheduler's next round"));
    apps.scheduler().getBean(SchedulingLoop.class).runRound();

    await("the carrier is asked for the card's usage")
        .atMost(WAIT)
        .until(() -> carrier.calls(iccid).getOrDefault("usage", 0) > before);
  }

  @Test
  @Order(5)
  void aCardTheTestStopped_showsItsStopReasonAndItsLogRows() {
    long card = dueCards.get(1);
    browser.get(console + "/console/card");
    WebElement search = wait(browser).until(ExpectedConditions.elementToBeClickable(By.id("q")));
    search.sendKeys(iccidOf(card));
    browser.findElement(By.id("find")).click();
    wait(browser).until(ExpectedConditions.elementToBeClickable(By.id("stop")));
    browser.findElement(By.id("protect")).clear();
    browser.findElement(By.id("protect")).sendKeys("600");

    browser.findElement(By.id("stop")).click();
    browser.switchTo().alert().accept();

    wait(browser)
        .until(
            ExpectedConditions.textToBePresentInElementLocated(By.id("action-result"), "stopped"));
    assertThat(browser.findElement(By.id("card-stop-reason")).getText()).isEqualTo("manual");
    assertThat(browser.findElement(By.id("card-network")).getText()).isEqualTo("stopped");
    assertThat(browser.findElement(By.id("card-protection-period")).getText()).contains("stop");
    assertThat(browser.findElement(By.id("card-rule-switches")).getText()).isEqualTo("none");
    List<WebElement> rows = browser.findElements(By.cssSelector("tr.history-row"));
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).getText()).contains("stop", "manual", "operator", "success");
    assertThat(carrier.card(iccidOf(card)).online()).isFalse();
  }

  @Test
  @Order(6)
  void aCardNearingItsLimit_hasItsNextCarddataCheckExplained() {
    // 30 MB in the two hours up to its last move, an hour ago: 15 MB/h; 30 MB left.
    Instant now = Instant.now();
    long card =
        postgres
            .data()
            .card()
            .monthUsage(LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1), "1", "0")
            .lastUsageChange(now.minus(Duration.ofHours(1)), "30", now.minus(Duration.ofHours(2)))
            .insert();
    postgres.data().packageOfCard(card).usage("70", "100").insert();

    try {
      browser.get(console + "/console/card?id=" + card);

      String time = "\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}Z";
      WebElement plan =
          wait(browser)
              .until(ExpectedConditions.visibilityOfElementLocated(By.id("card-carddata-plan")));
      assertThat(plan.getText())
          .matches(
              "next carddata check ("
                  + time
                  + "|not queued): at 15\\.0 MB/h \\(the card's recent rate\\) the package"
                  + " reaches its limit at "
                  + time);
    } finally {
      // Out of the fleet again: the configs page counts the cards the other tests made.
      postgres
          .jdbc()
          .sql("UPDATE tb_iot_card SET deleted_at = now() WHERE id = ?")
          .param(card)
          .update();
    }
  }

  @Test
  @Order(7)
  void aCardSparedByARuleSwitch_namesTheSwitchOnItsPage() {
    // Not polled, so no round of the later tests picks it up; the rules' verdict holds all the
    // same.
    long card = postgres.data().card().carrier(9, "C9").unverified().pollingDisabled().insert();
    RuleSwitchStore store = apps.operator().getBean(RuleSwitchStore.class);
    RuleSwitchCache cache = apps.operator().getBean(RuleSwitchCache.class);
    store.put(9L, new SwitchSetting(false, null), "browser-test");
    cache.refreshNow();
    try {
      browser.get(console + "/console/card?id=" + card);

      wait(browser)
          .until(
              ExpectedConditions.textToBePresentInElementLocated(
                  By.id("card-rule-switches"),
                  "not_realname set aside: not enforced for carrier 9"));
    } finally {
      store.remove(9, "browser-test");
      cache.refreshNow();
    }
  }

  @Test
  @Order(8)
  void aDeadLetter_canBeReplayed_andLeavesTheList() throws Exception {
    long card = dueCards.get(2);
    String topic = Topics.TASK_CARDDATA.deadLetterName();
    CheckTask task = new CheckTask(card, TaskType.CARDDATA, Instant.now(), Instant.now(), true);
    try (KafkaProducer<String, byte[]> producer = kafka.producer()) {
      ProducerRecord<String, byte[]> record =
          new ProducerRecord<>(
              topic, task.key(), new PayloadCodec().encode(Topics.TASK_CARDDATA, task));
      record
          .headers()
          .add(
              new RecordHeader(
                  KafkaHeaders.DLT_ORIGINAL_TOPIC, bytes(Topics.TASK_CARDDATA.name())));
      record
          .headers()
          .add(new RecordHeader(KafkaHeaders.DLT_EXCEPTION_MESSAGE, bytes("permits unavailable")));
      producer.send(record).get();
    }
    int before = carrier.calls(iccidOf(card)).getOrDefault("usage", 0);
    apps.operator().getBean(FleetSnapshot.class).refreshNow();
    browser.get(console + "/console/dead-letters?topic=" + topic);
    WebElement letter =
        wait(browser)
            .until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("tr.letter")));
    assertThat(letter.getText()).contains("permits unavailable").contains(Long.toString(card));

    letter.findElement(By.cssSelector("button.replay")).click();
    browser.switchTo().alert().accept();

    wait(browser)
        .until(ExpectedConditions.textToBePresentInElementLocated(By.id("actions"), "replayed to"));
    wait(browser).until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("tr.letter"), 0));
    await("the replayed task is checked")
        .atMost(WAIT)
        .until(() -> carrier.calls(iccidOf(card)).getOrDefault("usage", 0) > before);
  }

  @Test
  @Order(9)
  void configsAndDevicePages_showWhatTheDatabaseHolds() {
    browser.get(console + "/console/configs");
    WebElement activated =
        wait(browser)
            .until(
                ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("tr[data-config='default-activated'] td.cards")));
    // 300 verified online cards, one of them stopped since (suspended).
    wait(browser).until(d -> activated.getText().equals("299"));
    long device = postgres.data().device().insert();
    long inDevice = postgres.data().card().device(device).stopped("no_package").insert();

    browser.get(console + "/console/device?id=" + device);

    WebElement cardLink =
        wait(browser)
            .until(
                ExpectedConditions.visibilityOfElementLocated(
                    By.linkText(Long.toString(inDevice))));
    assertThat(cardLink.findElement(By.xpath("../..")).getText()).contains("no_package");
  }

  @Test
  @Order(10)
  void overview_showsTheRoundHeldBack_sinceWhenAndWhy() throws Exception {
    // The handlers stop, and a realname task published five minutes ago waits for nobody: more
    // than max-lag-age (60 s by default), so the next measure holds realname back.
    apps.handlers().close();
    try (KafkaProducer<String, byte[]> producer = kafka.producer()) {
      long fiveMinutesAgo = Instant.now().minusSeconds(300).toEpochMilli();
      producer
          .send(
              new ProducerRecord<>(
                  Topics.TASK_REALNAME.name(), null, fiveMinutesAgo, "1", bytes("{}")))
          .get();
    }
    SchedulingLoop loop = apps.scheduler().getBean(SchedulingLoop.class);
    HoldBackHistory history = apps.operator().getBean(HoldBackHistory.class);
    // Measures are reused for lag-check-interval (5 s): rounds until one measures again.
    await("a round holds realname back")
        .atMost(WAIT)
        .until(
            () -> {
              loop.runRound();
              return history.recent().stream().anyMatch(h -> h.taskType() == TaskType.REALNAME);
            });

    browser.get(console + "/console/");

    WebElement holdBack =
        wait(browser)
            .until(
                ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("tr.hold-back[data-type='realname']")));
    assertThat(holdBack.getText()).contains("lag age", "max-lag-age 60 s");
    wait(browser)
        .until(
            ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("#backpressure tr[data-type='realname'] td.state"), "held back"));
    assertThat(
            browser
                .findElement(By.cssSelector("#backpressure tr[data-type='realname'] td.cause"))
                .getText())
        .isEqualTo("lag age");
    wait(browser).until(d -> cell(d, "realname", "lag-seconds").equals("5 min"));
    assertThat(cell(browser, "realname", "in-flight")).isEqualTo("1");
  }

  @Test
  @Order(11)
  void logout_endsTheSession() {
    browser.get(console + "/console/");
    wait(browser).until(ExpectedConditions.elementToBeClickable(By.id("logout"))).click();

    wait(browser).until(ExpectedConditions.urlContains("/console/login"));
    browser.get(console + "/console/");
    wait(browser).until(ExpectedConditions.urlContains("/console/login"));
  }

  private static void logIn(String token) {
    browser.get(console + "/console/login");
    WebElement field = wait(browser).until(ExpectedConditions.elementToBeClickable(By.id("token")));
    field.sendKeys(token);
    browser.findElement(By.id("login")).click();
  }

  /**
   * A cell of the overview's table. The page replaces the table on every refresh, so a cell found
   * just before a refresh may be gone when its text is read: it is then looked up again.
   */
  private static String cell(WebDriver driver, String taskType, String column) {
    By selector = By.cssSelector("tr[data-type='" + taskType + "'] td." + column);
    for (int attempt = 1; ; attempt++) {
      try {
        List<WebElement> cells = driver.findElements(selector);
        return cells.isEmpty() ? "" : cells.get(0).getText();
      } catch (StaleElementReferenceException e) {
        if (attempt == 5) {
          throw e;
        }
      }
    }
  }

  private static String iccidOf(long card) {
    return postgres
        .jdbc()
        .sql("SELECT iccid FROM tb_iot_card WHERE id = ?")
        .param(card)
        .query(String.class)
        .single();
  }

  private static WebDriverWait wait(WebDriver driver) {
    return new WebDriverWait(driver, WAIT);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
