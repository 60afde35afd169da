package com.cmp.polling.operator.console;

import java.util.Map;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The console's pages: static HTML whose scripts read the console's JSON API (every value is put in
 * the page as text, never as markup). The guard in front decides who may see them.
 */
@Controller
class ConsolePages implements WebMvcConfigurer {

  private static final Map<String, String> PAGES =
      Map.of(
          "login", "login.html",
          "overview", "overview.html",
          "card", "card.html",
          "device", "device.html",
          "configs", "configs.html",
          "dead-letters", "dead-letters.html");

  @GetMapping({"/console", "/console/"})
  ResponseEntity<Resource> overview() {
    return serve("overview.html");
  }

  @GetMapping("/console/{page}")
  ResponseEntity<Resource> page(@PathVariable String page) {
    String file = PAGES.get(page);
    if (file == null) {
      return ResponseEntity.notFound().build();
    }
    return serve(file);
  }

  private static ResponseEntity<Resource> serve(String file) {
    return ResponseEntity.ok()
        .contentType(MediaType.TEXT_HTML)
        .body(new ClassPathResource("console/pages/" + file));
  }

  @Override
  public void addResourceHandlers(ResourceHandlerRegistry registry) {
    registry
        .addResourceHandler("/console/assets/**")
        .addResourceLocations("classpath:/console/assets/");
  }
}
