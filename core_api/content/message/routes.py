from core_api.platform.api import Api

api = Api("content-message")
