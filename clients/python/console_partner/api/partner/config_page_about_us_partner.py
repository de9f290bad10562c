from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.config_object_out import ConfigObjectOut
from ...models.error_result import ErrorResult
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/partner/v1/config/about_us",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConfigObjectOut | ErrorResult | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> ConfigObjectOut | ErrorResult:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = ConfigObjectOut.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = ErrorResult.from_dict(data)

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ConfigObjectOut | ErrorResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[ConfigObjectOut | ErrorResult]:
    """About us: the current object for the app's server (secrets included)

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature over the path and query as sent); a read, it takes no Idempotency-Key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConfigObjectOut | ErrorResult]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> ConfigObjectOut | ErrorResult | None:
    """About us: the current object for the app's server (secrets included)

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature over the path and query as sent); a read, it takes no Idempotency-Key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConfigObjectOut | ErrorResult
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[ConfigObjectOut | ErrorResult]:
    """About us: the current object for the app's server (secrets included)

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature over the path and query as sent); a read, it takes no Idempotency-Key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConfigObjectOut | ErrorResult]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> ConfigObjectOut | ErrorResult | None:
    """About us: the current object for the app's server (secrets included)

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature over the path and query as sent); a read, it takes no Idempotency-Key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConfigObjectOut | ErrorResult
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
