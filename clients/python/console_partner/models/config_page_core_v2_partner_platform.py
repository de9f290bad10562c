from enum import StrEnum


class ConfigPageCoreV2PartnerPlatform(StrEnum):
    ANDROID = "android"
    H5 = "h5"
    IOS = "ios"

    def __str__(self) -> str:
        return str(self.value)
