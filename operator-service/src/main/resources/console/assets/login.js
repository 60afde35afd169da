"use strict";
const query = new URLSearchParams(location.search);
document.getElementById("refused").hidden = !query.has("error");
document.getElementById("next").value = query.get("next") || "/console/";
