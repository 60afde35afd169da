package com.cmp.polling.operator.admin;

import com.cmp.polling.operator.web.ErrorBody;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityScheme;
import io.swagger.v3.oas.annotations.servers.Server;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;

/**
 * The OpenAPI description of the admin and monitoring API, generated from the controllers by
 * springdoc and served at {@code GET /api/openapi.json} (bearer token, as the rest of {@code
 * /api}). Its settings come with the app ({@code openapi.properties}), not from application.yml, so
 * that an app started without its file (the demo) describes the same API. The server is given as
 * {@code /}: the description is the same whatever host and port answer.
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
class OpenApiConfiguration {

  /**
   * Every operation may answer an error, always as {@link ErrorBody}: the description says so once
   * per operation with the 4XX and 5XX ranges, rather than listing each status each handler can
   * give.
   */
  @Bean
  OpenApiCustomizer errorBodies() {
    return openApi -> {
      ModelConverters.getInstance()
          .read(ErrorBody.class)
          .forEach(openApi.getComponents()::addSchemas);
      Content error =
          new Content()
              .addMediaType(
                  "application/json",
                  new MediaType().schema(new Schema<>().$ref("#/components/schemas/ErrorBody")));
      openApi
          .getPaths()
          .values()
          .forEach(
              path ->
                  path.readOperations()
                      .forEach(
                          operation -> {
                            operation
                                .getResponses()
                                .addApiResponse(
                                    "4XX",
                                    new ApiResponse()
                                        .description(
                                            "refused: bad input, no token, not found, conflict")
                                        .content(error));
                            operation
                                .getResponses()
                                .addApiResponse(
                                    "5XX",
                                    new ApiResponse()
                                        .description(
                                            "failed: the carrier (502), a server or the schedulers"
                                                + " did not answer (503), unexpected (500)")
                                        .content(error));
                          }));
    };
  }
}
