//! `tool-output mcp serve`: the tools and resources of [`Tools`] over a
//! session, with no downstream, on rmcp's stdio server (typed handlers:
//! everything here is ours, so nothing needs relaying raw).

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ErrorData, Implementation, ListResourcesResult,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ReadResourceRequestParams,
    ReadResourceResponse, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt};

use crate::agent::SYSTEM_PROMPT;
use crate::error::Error;

use super::tools::{Notify, Tools};

#[derive(Clone)]
pub struct Server {
    tools: Tools,
}

impl Server {
    pub fn new(tools: Tools) -> Self {
        Self { tools }
    }

    /// Serve on stdin/stdout until the client closes stdin.
    pub async fn run(self) -> anyhow::Result<()> {
        let running = self.serve(super::framing::stdio()).await?;
        running.waiting().await?;
        Ok(())
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new(
                "tool-output",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(SYSTEM_PROMPT)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.definitions()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if !Tools::is_ours(&request.name) {
            return Err(ErrorData::invalid_params(
                format!("unknown tool {:?}", request.name),
                None,
            ));
        }
        let notify = context.meta.get_progress_token().map(|token| {
            let peer = context.peer.clone();
            let notify: Notify = Arc::new(move |done, message| {
                let mut param = ProgressNotificationParam::new(token.clone(), done.into());
                param.message = Some(message);
                let peer = peer.clone();
                tokio::spawn(async move { peer.notify_progress(param).await });
            });
            notify
        });
        let args = request.arguments.unwrap_or_default();
        match self
            .tools
            .call(&request.name, args, context.ct, notify)
            .await
        {
            Ok(result) => Ok(result.into()),
            Err(Error::Cancelled) => Err(ErrorData::internal_error("cancelled", None)),
            Err(e) => Err(ErrorData::internal_error(e.to_string(), None)),
        }
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let resources = self
            .tools
            .resources()
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        Ok(self.tools.read_resource(&request.uri).await?.into())
    }
}
