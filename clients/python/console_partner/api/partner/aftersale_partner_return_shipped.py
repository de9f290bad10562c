from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.after_sale_out import AfterSaleOut
from ...models.error_result import ErrorResult
from ...models.shipped_in import ShippedIn
from ...types import Response


def _get_kwargs(
    *,
    body: ShippedIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/partner/v1/order/after_sale/return_shipped",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AfterSaleOut | ErrorResult | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> AfterSaleOut | ErrorResult:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = AfterSaleOut.from_dict(data)

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
) -> Response[AfterSaleOut | ErrorResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ShippedIn,
) -> Response[AfterSaleOut | ErrorResult]:
    """The buyer has sent the goods back: carrier and tracking number

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature) and idempotent by Idempotency-Key; a repeat with the same body answers the
    stored result, another body code 409.

    Args:
        body (ShippedIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AfterSaleOut | ErrorResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: ShippedIn,
) -> AfterSaleOut | ErrorResult | None:
    """The buyer has sent the goods back: carrier and tracking number

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature) and idempotent by Idempotency-Key; a repeat with the same body answers the
    stored result, another body code 409.

    Args:
        body (ShippedIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AfterSaleOut | ErrorResult
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ShippedIn,
) -> Response[AfterSaleOut | ErrorResult]:
    """The buyer has sent the goods back: carrier and tracking number

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature) and idempotent by Idempotency-Key; a repeat with the same body answers the
    stored result, another body code 409.

    Args:
        body (ShippedIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AfterSaleOut | ErrorResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ShippedIn,
) -> AfterSaleOut | ErrorResult | None:
    """The buyer has sent the goods back: carrier and tracking number

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature) and idempotent by Idempotency-Key; a repeat with the same body answers the
    stored result, another body code 409.

    Args:
        body (ShippedIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AfterSaleOut | ErrorResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
