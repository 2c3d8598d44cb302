swagger_ui_path: str
swagger_ui_3_path: str
