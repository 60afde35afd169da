package com.cmp.polling.operator.admin;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityScheme;
import io.swagger.v3.oas.annotations.servers.Server;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;

/**
 * The OpenAPI description of the admin and monitoring API, generated from the controllers by
 * springdoc and served at {@code GET /api/openapi.json} (bearer token, as the rest of {@code
 * /api}). Its settings come with the app ({@code openapi.properties}), not from application.yml,
 * so that an app started without its file (the demo) describes the same API. The server is given
 * as {@code /}: the description is the same whatever host and port answer.
 */
@Configuration(proxyBeanMethods = false)
@PropertySource("classpath:openapi.properties")
@OpenAPIDefinition(
    info =
        @Info(
            title = "cmp-polling admin and monitoring API",
            version = "1",
            description =
                "Operators' actions on cards (stop, resume, check now, polling on or off), the"
                    + " queues' rebuild and reconcile (carried out by a scheduler instance), the rule"
                    + " switches and the dry run, dead letters, and the monitoring figures. Every"
                    + " error answers {\"error\": \"<status code>\", \"message\": \"<text>\"}."),
    servers = @Server(url = "/", description = "the operator app"),
    security = @SecurityRequirement(name = "bearer"))
@SecurityScheme(
    name = "bearer",
    type = SecuritySchemeType.HTTP,
    scheme = "bearer",
    description = "cmp.polling.operator.admin.token")
class OpenApiConfiguration {}
