// Starts Swagger UI on the API docs page (/api/v1/docs) over the OpenAPI document named by
// the page's #swagger-ui element. A file, not an inline script: the Content-Security-Policy
// allows scripts from this origin only (tutor/security.py).
"use strict";
window.addEventListener("load", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.dataset.spec,
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout"
  });
});
