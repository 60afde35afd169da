package com.cmp.polling.operator.config;

import com.cmp.polling.autoconfigure.readiness.ReadinessCheck;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.stereotype.Component;

/**
 * Ready while PostgreSQL (cards, rules, the stop/resume log) and Redis (queues, status, requests)
 * both answer: without either the console and the admin API can only fail.
 */
@Component
class StoresReachable implements ReadinessCheck {

  private static final int VALID_TIMEOUT_SECONDS = 2;

  private final DataSource database;
  private final RedisConnectionFactory redis;

  StoresReachable(DataSource database, RedisConnectionFactory redis) {
    this.database = database;
    this.redis = redis;
  }

  @Override
  public String waitingFor() {
    return "PostgreSQL and Redis to answer";
  }

  @Override
  public boolean ready() {
    return databaseAnswers() && redisAnswers();
  }

  private boolean databaseAnswers() {
    try (Connection connection = database.getConnection()) {
      return connection.isValid(VALID_TIMEOUT_SECONDS);
    } catch (SQLException e) {
      return false;
    }
  }

  private boolean redisAnswers() {
    try (RedisConnection connection = redis.getConnection()) {
      return "PONG".equalsIgnoreCase(connection.ping());
    } catch (DataAccessException e) {
      return false;
    }
  }
}
