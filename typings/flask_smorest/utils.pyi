from typing import Any

from apispec import APISpec

def prepare_response(response: Any, spec: APISpec, content_type: str) -> None: ...
