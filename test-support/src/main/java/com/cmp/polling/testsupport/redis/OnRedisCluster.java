package com.cmp.polling.testsupport.redis;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a test class's {@link RedisExtension} against the JVM's 3-master Redis Cluster ({@link
 * RedisClusterServers}) instead of a logical database of the single server. Put it on a subclass of
 * an existing IT to run that suite on the cluster unchanged:
 *
 * <pre>{@code
 * @OnRedisCluster
 * class PollingQueueManagerClusterIT extends PollingQueueManagerIT {}
 * }</pre>
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface OnRedisCluster {}
